import { useState } from 'react';
import { Box, Button, FormHelperText, Stack, Typography } from '@mui/material';
import { ApiError } from '../../../lib/api-client';
import { uploadContestImage } from '../api/save-contest';

/** A contest picture (thumbnail or banner): uploaded at once, its stored key kept in the form. */
export function ImageField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<string | null>(value && value.startsWith('/') ? value : null);
  return (
    <Box>
      <Typography variant="subtitle2">{label}</Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mt: 1 }}>
        {preview ? (
          <Box
            component="img"
            src={preview}
            alt=""
            sx={{
              width: 96,
              height: 54,
              objectFit: 'cover',
              borderRadius: 1,
              border: 1,
              borderColor: 'divider',
            }}
          />
        ) : null}
        <Button component="label" variant="outlined" color="inherit" disabled={busy}>
          {busy ? 'Uploading…' : value ? `Replace ${label.toLowerCase()}` : `Upload ${label.toLowerCase()}`}
          <input
            hidden
            type="file"
            accept="image/jpeg,image/png,image/webp"
            aria-label={`${label} image`}
            onChange={async (event) => {
              const file = event.target.files?.[0];
              if (!file) return;
              setBusy(true);
              setError(null);
              try {
                const stored = await uploadContestImage(file);
                onChange(stored.key);
                setPreview(stored.url);
              } catch (e) {
                setError(
                  e instanceof ApiError ? (e.fieldErrors().image?.[0] ?? e.userMessage()) : 'Upload failed.',
                );
              } finally {
                setBusy(false);
              }
            }}
          />
        </Button>
      </Stack>
      <FormHelperText error={Boolean(error)}>{error ?? 'JPEG, PNG or WebP, 8 MB at most.'}</FormHelperText>
    </Box>
  );
}
