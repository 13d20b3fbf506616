import { Box, MenuItem, TextField } from '@mui/material';
import type { VideoPlayback } from '@app/domain';

/** 'pt-BR' → 'Portuguese (Brazil)' in the reader's language; the tag itself if unknown. */
export function languageName(tag: string): string {
  try {
    return new Intl.DisplayNames([navigator.language || 'en'], { type: 'language' }).of(tag) ?? tag;
  } catch {
    return tag;
  }
}

/** The labelled menu of caption tracks under the video. */
export function CaptionMenu({
  id,
  captions,
  value,
  onChange,
}: {
  id: string;
  captions: VideoPlayback['captions'];
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <Box sx={{ bgcolor: 'background.paper', px: 2, py: 1 }}>
      <TextField
        select
        size="small"
        id={id}
        label="Captions"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        sx={{ minWidth: 200 }}
      >
        <MenuItem value="off">Off</MenuItem>
        {captions.map((track) => (
          <MenuItem key={track.language} value={track.language}>
            {languageName(track.language)}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
}
