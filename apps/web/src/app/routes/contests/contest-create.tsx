import { Box, Typography } from '@mui/material';
import { SimplePage } from '../../../components/simple-page';

const STEPS = [
  ['The product', 'What you send to creators, and how many units.'],
  ['The brief', 'Concept, style and the features every film must show.'],
  ['The timeline', 'Application deadline, video deadline, judging and winners dates.'],
  ['The prize', 'Cash prize and how winners are paid.'],
];

/** Placeholder (spec §2: protected, any role): brands will set up contests here. */
export default function ContestCreatePage() {
  return (
    <SimplePage title="Create Contest">
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        Contest setup is done with our team for now. Here is what we will ask you for:
      </Typography>
      <Box component="ol" sx={{ pl: 3, m: 0 }}>
        {STEPS.map(([title, text]) => (
          <Box component="li" key={title} sx={{ mb: 2 }}>
            <Typography variant="h6" component="span">
              {title}
            </Typography>
            <Typography color="text.secondary">{text}</Typography>
          </Box>
        ))}
      </Box>
    </SimplePage>
  );
}
