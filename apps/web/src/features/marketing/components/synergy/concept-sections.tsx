import { Box, Container, Typography } from '@mui/material';
import { ChairIllustration } from '../../../../components/chair-illustration';
import { SYNERGY_CONCEPTS } from '../../data/synergy-concepts';
import { ThemeGallery } from './theme-gallery';
import { Tag } from '../tag';
import { renderWhenNear } from '../section';

/** Zen (X7), Zone (E3) and Zoom (P2): one section each, with the chair and its theme gallery. */
export function ConceptSections() {
  return (
    <Box
      component="section"
      aria-labelledby="concepts-title"
      sx={{ py: { xs: 8, md: 12 }, ...renderWhenNear }}
    >
      <Container maxWidth="lg">
        <Typography
          variant="overline"
          sx={{ color: 'primary.main', letterSpacing: '0.2em', display: 'block' }}
        >
          The concepts
        </Typography>
        <Typography id="concepts-title" component="h2" variant="h2">
          Zen, Zone or Zoom
        </Typography>
        <Typography sx={{ color: 'text.secondary', maxWidth: 680, mt: 2 }}>
          Each chair comes with a mood. Choose the one you want to film when you apply; the chair you receive
          is the star of your ad.
        </Typography>
      </Container>
      {SYNERGY_CONCEPTS.map((concept, index) => (
        <Box
          key={concept.id}
          component="article"
          aria-labelledby={`concept-${concept.id}`}
          sx={{ mt: { xs: 8, md: 10 } }}
        >
          <Container maxWidth="lg">
            <Box
              sx={{
                display: 'grid',
                gridTemplateColumns: { xs: '1fr', md: index % 2 ? '1fr 320px' : '320px 1fr' },
                gap: { xs: 3, md: 6 },
                alignItems: 'center',
              }}
            >
              <Box sx={{ order: { xs: 0, md: index % 2 ? 1 : 0 }, maxWidth: { xs: 260, md: 'none' } }}>
                <ChairIllustration code={concept.chair} title={`${concept.chairName} chair`} />
              </Box>
              <Box>
                <Tag>{concept.chairName}</Tag>
                <Typography id={`concept-${concept.id}`} component="h3" variant="h2" sx={{ mt: 1.5 }}>
                  {concept.name}
                </Typography>
                <Typography variant="h4" component="p" sx={{ mt: 1 }}>
                  {concept.line}
                </Typography>
                <Typography sx={{ color: 'text.secondary', mt: 1.5, maxWidth: 560 }}>
                  {concept.text}
                </Typography>
              </Box>
            </Box>
          </Container>
          <Box sx={{ mt: 4 }}>
            <ThemeGallery concept={concept} tone={index * 2} reverse={index % 2 === 1} />
          </Box>
        </Box>
      ))}
    </Box>
  );
}
