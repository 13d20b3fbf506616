import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { DetailedError, Upload } from 'tus-js-client';
import { MESSAGES, type Video } from '@app/domain';
import { refreshSession } from '../../../lib/api-client';
import { sessionStore } from '../../../lib/session';
import { videosQueryKey } from './get-videos';

/** The resumable upload endpoint (tus 1.0) the server mounts. */
export const UPLOADS_ENDPOINT = '/api/videos/uploads/';
const CHUNK_BYTES = 32 * 1024 * 1024;

/** The message for a failed upload (spec §8): the server's detail or message, else the fallback. */
export function uploadErrorMessage(error: unknown): string {
  const response = error instanceof DetailedError ? error.originalResponse : null;
  if (response) {
    try {
      const body = JSON.parse(response.getBody()) as { detail?: unknown; message?: unknown };
      if (typeof body.detail === 'string' && body.detail) return body.detail;
      if (typeof body.message === 'string' && body.message) return body.message;
    } catch {
      // not JSON
    }
    if (response.getStatus() === 413) return MESSAGES.upload.tooLarge;
    if (response.getStatus() === 401) return MESSAGES.dashboard.sessionExpired;
  }
  return MESSAGES.upload.failed;
}

export interface UploadInput {
  file: File;
  title: string;
  description: string;
}

/**
 * Sends a video through the resumable endpoint: the upload's URL is kept in localStorage, so
 * after a dropped connection or a reload the same file continues from the server's last byte.
 * Progress is real (bytes the server acknowledged or the browser sent).
 */
export function startVideoUpload(
  input: UploadInput,
  events: {
    onProgress(percent: number): void;
    onSuccess(video: Video): void;
    onError(message: string): void;
  },
): { abort(): void } {
  let refreshing: Promise<boolean> | null = null;
  const upload = new Upload(input.file, {
    endpoint: UPLOADS_ENDPOINT,
    chunkSize: CHUNK_BYTES,
    retryDelays: [0, 1000, 3000, 5000, 10000, 20000],
    metadata: {
      title: input.title,
      description: input.description,
      filename: input.file.name,
      filetype: input.file.type,
    },
    storeFingerprintForResuming: true,
    removeFingerprintOnSuccess: true,
    async onBeforeRequest(request) {
      if (refreshing) await refreshing;
      const token = sessionStore.get()?.access;
      if (token) request.setHeader('Authorization', `Bearer ${token}`);
    },
    onShouldRetry(error, attempt) {
      const status = error.originalResponse?.getStatus() ?? 0;
      // An expired access token: refresh once, then try the same request again.
      if (status === 401 && attempt === 0) {
        refreshing = refreshSession();
        return true;
      }
      // Network trouble and server hiccups are retried; refusals (4xx) are final.
      return status === 0 || status === 409 || status === 423 || status >= 500;
    },
    onProgress(sent, total) {
      events.onProgress(total ? Math.min(100, Math.floor((sent / total) * 100)) : 0);
    },
    onSuccess({ lastResponse }) {
      try {
        events.onSuccess(JSON.parse(lastResponse.getBody()) as Video);
      } catch {
        events.onError(MESSAGES.upload.failed);
      }
    },
    onError(error) {
      events.onError(uploadErrorMessage(error));
    },
  });
  void upload.findPreviousUploads().then((previous) => {
    if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
    upload.start();
  });
  return { abort: () => void upload.abort() };
}

export type UploadState =
  { phase: 'idle' } | { phase: 'uploading'; percent: number } | { phase: 'error'; message: string };

/** The upload dialog's state machine (spec §4): idle → uploading → success (reset) or error. */
export function useVideoUpload(onUploaded: (video: Video) => void) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<UploadState>({ phase: 'idle' });
  const running = useRef<{ abort(): void } | null>(null);
  useEffect(() => () => running.current?.abort(), []);

  const start = useCallback(
    (input: UploadInput) => {
      setState({ phase: 'uploading', percent: 0 });
      running.current = startVideoUpload(input, {
        onProgress: (percent) => setState({ phase: 'uploading', percent }),
        onSuccess: (video) => {
          running.current = null;
          setState({ phase: 'idle' });
          void queryClient.invalidateQueries({ queryKey: videosQueryKey });
          onUploaded(video);
        },
        onError: (message) => {
          running.current = null;
          setState({ phase: 'error', message });
        },
      });
    },
    [onUploaded, queryClient],
  );
  const reset = useCallback(() => setState({ phase: 'idle' }), []);
  return { state, start, reset, fail: (message: string) => setState({ phase: 'error', message }) };
}
