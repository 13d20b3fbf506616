import { Box, Container, Skeleton, Typography } from '@mui/material';
import type { ContestProduct, ContestResponse, LandingConcept } from '@app/domain';
import { ProductImage, productAccent } from '../../../../components/product-image';
import { ThemeGallery, type GalleryConcept } from './theme-gallery';
import { Tag } from '../tag';
import { renderWhenNear } from '../section';

interface ConceptView {
  concept: LandingConcept;
  product: ContestProduct;
  /** The product's place in the contest (its accent). */
  index: number;
  gallery: GalleryConcept;
}

/** The landing content's concepts joined with the products they belong to, in the landing's order. */
function conceptViews(contest: ContestResponse): ConceptView[] {
  return contest.landing.concepts.flatMap((concept) => {
    const index = contest.products.findIndex((p) => p.code === concept.product_code);
    const product = contest.products[index];
    if (!product) return [];
    const name = product.concept || product.name;
    const id = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    return [{ concept, product, index, gallery: { id, name, themes: concept.themes } }];
  });
}

/**
 * One section per concept of the contest's landing content (the chair contest's: Zen with the X7,
 * Zone with the E3, Zoom with the P2), each with its product's picture and its theme gallery.
 */
export function ConceptSections({ contest }: { contest?: ContestResponse }) {
  const views = contest ? conceptViews(contest) : [];
  if (contest && !views.length) return null;
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
          {contest ? contest.landing.concepts_title || 'The concepts' : <Skeleton width="60%" />}
        </Typography>
        <Typography component="div" sx={{ color: 'text.secondary', maxWidth: 680, mt: 2 }}>
          {contest ? contest.landing.concepts_intro : <Skeleton width="100%" />}
        </Typography>
      </Container>
      {views.map(({ concept, product, index, gallery }, position) => (
        <Box
          key={product.id}
          component="article"
          aria-labelledby={`concept-${gallery.id}`}
          sx={{ mt: { xs: 8, md: 10 } }}
        >
          <Container maxWidth="lg">
            <Box
              sx={{
                display: 'grid',
                gridTemplateColumns: { xs: '1fr', md: position % 2 ? '1fr 320px' : '320px 1fr' },
                gap: { xs: 3, md: 6 },
                alignItems: 'center',
              }}
            >
              <Box sx={{ order: { xs: 0, md: position % 2 ? 1 : 0 }, maxWidth: { xs: 260, md: 'none' } }}>
                <ProductImage
                  src={product.image_url}
                  accent={productAccent(index)}
                  title={`${product.name} ${contest!.landing.product_noun}`}
                />
              </Box>
              <Box>
                <Tag>{product.name}</Tag>
                <Typography id={`concept-${gallery.id}`} component="h3" variant="h2" sx={{ mt: 1.5 }}>
                  {gallery.name}
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
          {gallery.themes.length > 0 && (
            <Box sx={{ mt: 4 }}>
              <ThemeGallery concept={gallery} tone={position * 2} reverse={position % 2 === 1} />
            </Box>
          )}
        </Box>
      ))}
    </Box>
  );
}
