import { Link as RouterLink } from 'react-router';
import { Box, Link, Typography } from '@mui/material';
import { formatMoney, LIMITS } from '@app/domain';
import { SimplePage } from '../../../components/simple-page';
import { paths } from '../../../config/paths';

const QUESTIONS = [
  {
    q: 'Who can apply?',
    a: `Videographers located in the US, aged ${LIMITS.minimumAge} or over, with previous videography experience.`,
  },
  {
    q: 'What does it cost?',
    a: 'Nothing. Creating a profile and applying are free, and selected creators receive the product.',
  },
  {
    q: 'How are creators selected?',
    a: 'From their applications and portfolios. Preselected creators get a call, then receive the brief by e-mail and SMS.',
  },
  {
    q: 'How are winners chosen?',
    a: "Our team and the brand's marketing team review every film submitted before the deadline.",
  },
  {
    q: 'What can I win?',
    a: `The current contest's grand prize is ${formatMoney(LIMITS.prizeUsd * 100, 'USD', { wholeUnits: true, code: true })}, paid by a payment service or bank transfer.`,
  },
];

export default function FaqPage() {
  return (
    <SimplePage title="FAQ">
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        {QUESTIONS.map(({ q, a }) => (
          <Box
            key={q}
            component="details"
            sx={{
              borderRadius: 1,
              border: 1,
              borderColor: 'divider',
              bgcolor: 'background.paper',
              '& summary': {
                cursor: 'pointer',
                p: 2.5,
                minHeight: 44,
                fontWeight: 600,
                fontSize: '1.0625rem',
                borderRadius: 1,
              },
              '&[open] summary': { color: 'primary.main' },
            }}
          >
            <summary>{q}</summary>
            <Typography color="textSecondary" sx={{ px: 2.5, pb: 2.5 }}>
              {a}
            </Typography>
          </Box>
        ))}
      </Box>
      <Typography color="textSecondary" sx={{ mt: 4 }}>
        The full details are in the{' '}
        <Link component={RouterLink} to={paths.rules}>
          Contest Rules
        </Link>
        . Still have a question?{' '}
        <Link component={RouterLink} to={paths.contact}>
          Contact us
        </Link>
        .
      </Typography>
    </SimplePage>
  );
}
