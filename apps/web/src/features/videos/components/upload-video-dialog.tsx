import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material';
import {
  ENTRY_MESSAGES,
  failedErrors,
  failedWarnings,
  MESSAGES,
  titleFromFileName,
  uploadProblem,
  type Video,
} from '@app/domain';
import { useNotify } from '../../../components/notifications';
import { useVideoUpload } from '../api/upload-video';
import { readVideoInfo, type VideoFileInfo } from '../lib/read-video-info';
import { briefChecksOf, ContestBriefCheck, type BriefContest } from './contest-brief-check';
import { UploadProgress, VideoFilePicker, VideoTextFields } from './upload-video-fields';
import { useLiveInvalidation } from '../../../lib/live-events';
import { videosQueryKey } from '../api/get-videos';

export interface UploadVideoDialogProps {
  open: boolean;
  /** Called when the creator closes the dialog (never while an upload runs). */
  onClose: () => void;
  /**
   * Called with the created video after a successful upload (and, for a contest entry, whether
   * the creator confirmed the brief's warnings); the dialog then resets and closes.
   */
  onUploaded?: (video: Video, entry: { warningsConfirmed: boolean }) => void;
  /**
   * For a contest entry: the contest whose brief the chosen file is checked against before it is
   * sent; a file that fails a hard rule is not sent, warnings need a confirmation.
   */
  contest?: BriefContest;
}

/**
 * The Upload Video dialog (spec §2, §4, §5): a video file, a title prefilled from the file name,
 * an optional description. Checks run before sending; while uploading it shows real percent
 * progress and can be neither closed nor edited; success resets it, errors show inline.
 * Uploads are resumable: a dropped connection or a reload continues from the last byte.
 * This is the form (its state, checks and the upload); the fields are upload-video-fields.tsx.
 */
export function UploadVideoDialog({ open, onClose, onUploaded, contest }: UploadVideoDialogProps) {
  // The uploaded video's processing shows as it moves (issue 32).
  useLiveInvalidation('video', videosQueryKey);
  const notify = useNotify();
  const titleId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const readCount = useRef(0);
  const [file, setFile] = useState<File | null>(null);
  const [info, setInfo] = useState<VideoFileInfo | null | 'reading'>(null);
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [warningsConfirmed, setWarningsConfirmed] = useState(false);
  const checks = contest && file ? briefChecksOf(contest, file, info) : [];

  const resetForm = () => {
    setFile(null);
    setInfo(null);
    setTitle('');
    setDescription('');
    setProblem(null);
    setWarningsConfirmed(false);
    if (inputRef.current) inputRef.current.value = '';
  };
  const upload = useVideoUpload((video) => {
    notify(MESSAGES.upload.success, { severity: 'success' });
    resetForm();
    onUploaded?.(video, { warningsConfirmed });
    onClose();
  });
  const uploading = upload.state.phase === 'uploading';
  const percent = upload.state.phase === 'uploading' ? upload.state.percent : 0;

  const chooseFile = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    setFile(chosen);
    setProblem(null);
    setWarningsConfirmed(false);
    upload.reset();
    const reading = ++readCount.current;
    setInfo(chosen ? 'reading' : null);
    if (chosen) {
      setTitle(titleFromFileName(chosen.name));
      void readVideoInfo(chosen).then((result) => reading === readCount.current && setInfo(result));
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const brief = checks ?? [];
    const found =
      uploadProblem({ file, title }) ??
      (failedErrors(brief).length
        ? ENTRY_MESSAGES.briefNotMet
        : failedWarnings(brief).length && !warningsConfirmed
          ? ENTRY_MESSAGES.confirmWarnings
          : null);
    setProblem(found);
    if (found || !file) return;
    upload.start({ file, title: title.trim(), description: description.trim() });
  };

  const close = () => {
    if (uploading) return;
    upload.reset();
    setProblem(null);
    onClose();
  };

  const error = problem ?? (upload.state.phase === 'error' ? upload.state.message : null);

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <Box component="form" onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>Upload Video</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            <VideoFilePicker
              file={file}
              info={info}
              disabled={uploading}
              inputRef={inputRef}
              onChange={chooseFile}
            />
            {contest && file && (
              <ContestBriefCheck
                contest={contest}
                info={info}
                checks={checks}
                warningsConfirmed={warningsConfirmed}
                onConfirmWarnings={setWarningsConfirmed}
              />
            )}
            <VideoTextFields
              title={title}
              description={description}
              disabled={uploading}
              onTitleChange={setTitle}
              onDescriptionChange={setDescription}
            />
            {uploading && <UploadProgress percent={percent} />}
            {error && (
              <Alert severity="error" role="alert">
                {error}
              </Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 3 }}>
          <Button onClick={close} disabled={uploading} color="inherit">
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={uploading}>
            {uploading ? 'Uploading...' : 'Upload'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
