import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';

/** The player's current time and length, read from the <video> element. */
function useMediaClock(video: HTMLVideoElement | null) {
  const [clock, setClock] = useState({ time: 0, duration: 0 });
  useEffect(() => {
    if (!video) return;
    const update = () => setClock({ time: video.currentTime, duration: video.duration || 0 });
    const events = ['timeupdate', 'durationchange', 'loadedmetadata', 'seeked'];
    for (const name of events) video.addEventListener(name, update);
    update();
    return () => {
      for (const name of events) video.removeEventListener(name, update);
    };
  }, [video]);
  return clock;
}

/**
 * The entry player's element and clock, and the note being written: reviewers pin it to a moment
 * (on the note track, with the button, or by pressing N), which pauses the video there; anyone
 * jumps the video to a note's moment.
 */
export function useNotePinning(isReviewer: boolean) {
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const onMediaElement = useCallback((element: HTMLVideoElement | null) => {
    videoRef.current = element;
    setVideo(element);
  }, []);
  const clock = useMediaClock(video);
  const [draftAt, setDraftAt] = useState<number | null>(null);
  const [draft, setDraft] = useState('');

  const jump = (seconds: number) => {
    const element = videoRef.current;
    if (!element) return;
    element.currentTime = seconds;
    element.focus();
  };
  const pin = (seconds: number) => {
    videoRef.current?.pause();
    setDraftAt(seconds);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (!isReviewer || event.altKey || event.ctrlKey || event.metaKey) return;
    if ((event.target as HTMLElement).closest('input, textarea, [contenteditable="true"]')) return;
    if (event.key === 'n' || event.key === 'N') {
      event.preventDefault();
      pin(Math.round((videoRef.current?.currentTime ?? 0) * 10) / 10);
    }
  };
  return { onMediaElement, clock, jump, pin, onKeyDown, draftAt, setDraftAt, draft, setDraft };
}
