import type { ChangeEvent, Ref } from 'react';
import { Box, Button, LinearProgress, TextField, Typography } from '@mui/material';
import VideoFileOutlined from '@mui/icons-material/VideoFileOutlined';
import { LIMITS } from '@app/domain';
import { formatDuration } from '../lib/normalize-video';
import type { VideoFileInfo } from '../lib/read-video-info';

/**
 * The Upload Video dialog's fields and progress, as it shows them; its state and the upload
 * itself live in upload-video-dialog.tsx.
 */

/** What the file input offers: the allowed types, and the extensions of phones that omit them. */
const ACCEPT = [...LIMITS.allowedVideoTypes, 'video/x-m4v', '.mp4', '.m4v', '.mov', '.webm'].join(',');

const MAX_SIZE_HINT = `MP4, WebM or QuickTime, up to ${LIMITS.maxVideoBytes / (1024 * 1024)} MB.`;

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 * 1024) return `${(bytes / 1024 ** 3).toFixed(2)} GB`;
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** The file box: Choose video file, then the chosen file's name, size, length and resolution. */
export function VideoFilePicker({
  file,
  info,
  disabled,
  inputRef,
  onChange,
}: {
  file: File | null;
  /** What the browser read from the file: 'reading' meanwhile, null when it cannot tell. */
  info: VideoFileInfo | null | 'reading';
  disabled: boolean;
  inputRef: Ref<HTMLInputElement>;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  return (
    <Box
      sx={{
        border: 1,
        borderColor: 'divider',
        borderStyle: 'dashed',
        borderRadius: 1,
        p: 2,
        display: 'flex',
        alignItems: 'center',
        gap: 2,
        flexWrap: 'wrap',
      }}
    >
      <Button variant="outlined" component="label" startIcon={<VideoFileOutlined />} disabled={disabled}>
        {file ? 'Choose another file' : 'Choose video file'}
        <input
          ref={inputRef}
          hidden
          type="file"
          accept={ACCEPT}
          aria-label="Video file"
          onChange={onChange}
          disabled={disabled}
        />
      </Button>
      <Box sx={{ minWidth: 0, flex: '1 1 200px' }}>
        {file ? (
          <>
            <Typography sx={{ overflowWrap: 'anywhere', fontWeight: 600 }}>{file.name}</Typography>
            <Typography variant="body2" color="text.secondary" data-testid="video-file-info">
              {formatBytes(file.size)}
              {info === 'reading' && ' · reading…'}
              {info &&
                info !== 'reading' &&
                ` · ${formatDuration(info.durationSeconds)} · ${info.width}×${info.height}`}
            </Typography>
          </>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {MAX_SIZE_HINT}
          </Typography>
        )}
      </Box>
    </Box>
  );
}

/** Title and description. */
export function VideoTextFields({
  title,
  description,
  disabled,
  onTitleChange,
  onDescriptionChange,
}: {
  title: string;
  description: string;
  disabled: boolean;
  onTitleChange: (title: string) => void;
  onDescriptionChange: (description: string) => void;
}) {
  return (
    <>
      <TextField
        label="Title"
        value={title}
        onChange={(event) => onTitleChange(event.target.value)}
        disabled={disabled}
        required
      />
      <TextField
        label="Description (optional)"
        value={description}
        onChange={(event) => onDescriptionChange(event.target.value)}
        disabled={disabled}
        multiline
        minRows={3}
      />
    </>
  );
}

/** The bar and the percent the server has acknowledged. */
export function UploadProgress({ percent }: { percent: number }) {
  return (
    <Box>
      <LinearProgress variant="determinate" value={percent} aria-label="Upload progress" />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} aria-live="polite">
        Uploading… {percent}%
      </Typography>
    </Box>
  );
}
