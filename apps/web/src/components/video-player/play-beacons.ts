/**
 * First-party play statistics (issue 33): the player tells the API when a play starts and each
 * time a further tenth of the film is reached, with `navigator.sendBeacon` (it survives leaving
 * the page). The viewer is a random id kept in session storage for the tab's life — never
 * anything that identifies the person or their address. Nothing else is sent.
 */
const SESSION_KEY = 'play-session';

/** 32 random hex digits (getRandomValues works on plain http too, unlike randomUUID). */
const randomId = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join(
    '',
  );

function viewerSession(): string {
  try {
    let id = sessionStorage.getItem(SESSION_KEY);
    if (!id) {
      id = randomId();
      sessionStorage.setItem(SESSION_KEY, id);
    }
    return id;
  } catch {
    // Storage refused (a private window's quota): one id for this page's life.
    return (memorySession ??= randomId());
  }
}
let memorySession: string | undefined;

function send(videoId: number, event: 'start' | 'progress', tenth: number): void {
  if (typeof navigator === 'undefined' || typeof navigator.sendBeacon !== 'function') return;
  const body = JSON.stringify({ session: viewerSession(), event, tenth });
  navigator.sendBeacon(`/api/videos/videos/${videoId}/plays/`, body);
}

/**
 * Listens to `video` and sends its beacons; returns the function that stops listening. A play
 * starts when playback begins near the start (a replay after the end sends `start` again; the API
 * counts one play per session and day); each tenth is sent once per play, in order, as playback
 * passes it.
 */
export function trackPlays(video: HTMLVideoElement, videoId: number): () => void {
  let started = false;
  let reached = 0;
  const onPlay = () => {
    const duration = video.duration;
    if (started || !(duration > 0) || video.currentTime > duration / 10) return;
    started = true;
    reached = 0;
    send(videoId, 'start', 0);
  };
  const onTime = () => {
    const duration = video.duration;
    if (!started || !(duration > 0)) return;
    const tenth = video.ended ? 10 : Math.min(10, Math.floor((video.currentTime / duration) * 10));
    // Only tenths passed while playing count: a seek ahead does not claim what was skipped.
    if (tenth === reached + 1) {
      reached = tenth;
      send(videoId, 'progress', tenth);
    }
  };
  const onEnded = () => {
    onTime();
    started = false;
  };
  video.addEventListener('play', onPlay);
  video.addEventListener('timeupdate', onTime);
  video.addEventListener('ended', onEnded);
  return () => {
    video.removeEventListener('play', onPlay);
    video.removeEventListener('timeupdate', onTime);
    video.removeEventListener('ended', onEnded);
  };
}
