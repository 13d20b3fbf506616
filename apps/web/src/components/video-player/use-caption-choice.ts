import { useEffect, useState, type RefObject } from 'react';
import type { VideoPlayback } from '@app/domain';

/**
 * The caption track shown ('off' or a track's language), applied to the video's text tracks as
 * they load; toggling turns the last one shown (or the first) on and off.
 */
export function useCaptionChoice(
  videoRef: RefObject<HTMLVideoElement | null>,
  captions: VideoPlayback['captions'],
) {
  const [caption, setCaption] = useState('off');
  const [lastCaption, setLastCaption] = useState<string | null>(null);

  // Show the chosen caption track (or none).
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    // Environments without text tracks (jsdom in unit tests) have nothing to show.
    const tracks = video.textTracks as TextTrackList | undefined;
    if (!tracks || typeof tracks.addEventListener !== 'function') return;
    const apply = () => {
      for (const track of Array.from(tracks)) {
        track.mode = track.language === caption ? 'showing' : 'disabled';
      }
    };
    apply();
    tracks.addEventListener('addtrack', apply);
    return () => tracks.removeEventListener('addtrack', apply);
  }, [videoRef, caption, captions.length]);

  const chooseCaption = (value: string) => {
    setCaption(value);
    if (value !== 'off') setLastCaption(value);
  };
  const toggleCaptions = () =>
    chooseCaption(caption === 'off' ? (lastCaption ?? captions[0]!.language) : 'off');

  return { caption, chooseCaption, toggleCaptions };
}
