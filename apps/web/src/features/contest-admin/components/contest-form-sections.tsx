import { useWatch } from 'react-hook-form';
import { Box, Checkbox, FormControlLabel, FormGroup, MenuItem, TextField, Typography } from '@mui/material';
import { TIMELINE_FIELDS, VIDEO_CONTAINERS, type BrandOption } from '@app/domain';
import { ContestTextField, FormSection, twoColumns, type ContestFormApi } from './contest-form-fields';
import { ImageField } from './contest-image-field';

const TIMELINE_LABELS: Record<(typeof TIMELINE_FIELDS)[number], string> = {
  starts_at: 'Contest starts',
  application_deadline: 'Applications close',
  submission_deadline: 'Videos due',
  judging_starts_at: 'Judging starts',
  judging_ends_at: 'Judging ends',
  winners_at: 'Winners announced',
};

/** Title, texts, brand, address, prize and pictures. */
export function ContestBasicsSection({
  form,
  brands,
  isStaff,
}: {
  form: ContestFormApi;
  brands: BrandOption[];
  isStaff: boolean;
}) {
  const { errors } = form.formState;
  const brandId = useWatch({ control: form.control, name: 'brand_id' });
  const thumbnail = useWatch({ control: form.control, name: 'thumbnail' });
  const banner = useWatch({ control: form.control, name: 'banner' });
  return (
    <FormSection title="The contest" id="contest-basics">
      <ContestTextField form={form} name="title" label="Title" required />
      <ContestTextField form={form} name="tagline" label="Tagline" />
      <ContestTextField form={form} name="description" label="Description" multiline minRows={2} />
      <Box sx={twoColumns}>
        <TextField
          select
          label="Brand"
          value={brandId}
          disabled={!isStaff && brands.length <= 1}
          error={Boolean(errors.brand_id)}
          helperText={errors.brand_id?.message}
          onChange={(event) => form.setValue('brand_id', event.target.value, { shouldValidate: true })}
        >
          {brands.map((brand) => (
            <MenuItem key={brand.id} value={String(brand.id)}>
              {brand.name}
            </MenuItem>
          ))}
        </TextField>
        <ContestTextField
          form={form}
          name="slug"
          label="Address name (slug)"
          helperText="Lower-case words joined by hyphens; made from the title when left empty."
        />
      </Box>
      <Box sx={twoColumns}>
        <ContestTextField
          form={form}
          name="prize"
          label="Prize"
          type="number"
          slotProps={{ htmlInput: { min: 0, step: 1 } }}
        />
        <ContestTextField form={form} name="currency" label="Currency" />
      </Box>
      <Box sx={twoColumns}>
        <ImageField label="Thumbnail" value={thumbnail} onChange={(key) => form.setValue('thumbnail', key)} />
        <ImageField label="Banner" value={banner} onChange={(key) => form.setValue('banner', key)} />
      </Box>
    </FormSection>
  );
}

export function ContestEligibilitySection({ form }: { form: ContestFormApi }) {
  return (
    <FormSection title="Eligibility" id="contest-eligibility">
      <Box sx={twoColumns}>
        <ContestTextField form={form} name="eligibility_country" label="Country" />
        <ContestTextField
          form={form}
          name="minimum_age"
          label="Minimum age"
          type="number"
          slotProps={{ htmlInput: { min: 0 } }}
        />
      </Box>
      <ContestTextField form={form} name="experience" label="Experience asked for" />
    </FormSection>
  );
}

/** The brief for selected creators, the page's requirements, and what the upload checks. */
export function ContestBriefSection({ form }: { form: ContestFormApi }) {
  const containers = useWatch({ control: form.control, name: 'containers' });
  return (
    <FormSection title="Brief and requirements" id="contest-brief">
      <ContestTextField
        form={form}
        name="brief"
        label="Brief"
        multiline
        minRows={4}
        helperText="Sent to selected creators."
      />
      <ContestTextField
        form={form}
        name="requirements"
        label="Requirements shown on the page"
        multiline
        minRows={3}
        helperText="One requirement a line."
      />
      <Typography variant="subtitle2">What the upload checks (machine-readable)</Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, 1fr)' } }}>
        <ContestTextField form={form} name="aspect_ratio" label="Aspect ratio" placeholder="9:16" />
        <ContestTextField form={form} name="min_seconds" label="Min seconds" type="number" />
        <ContestTextField form={form} name="max_seconds" label="Max seconds" type="number" />
        <ContestTextField form={form} name="min_height" label="Min height (px)" type="number" />
      </Box>
      <FormGroup row aria-label="Containers">
        {VIDEO_CONTAINERS.map((container) => (
          <FormControlLabel
            key={container}
            label={container.toUpperCase()}
            control={
              <Checkbox
                checked={containers.includes(container)}
                onChange={(event) =>
                  form.setValue(
                    'containers',
                    event.target.checked
                      ? [...containers, container]
                      : containers.filter((c) => c !== container),
                  )
                }
              />
            }
          />
        ))}
      </FormGroup>
    </FormSection>
  );
}

/** The contest's dates, entered on its own clock. */
export function ContestTimelineSection({ form }: { form: ContestFormApi }) {
  const { errors } = form.formState;
  const timezone = useWatch({ control: form.control, name: 'timezone' });
  return (
    <FormSection title="Timeline" id="contest-timeline">
      <ContestTextField
        form={form}
        name="timezone"
        label="Time zone"
        helperText="IANA name, e.g. America/Los_Angeles. Dates below are on this clock."
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' } }}>
        {TIMELINE_FIELDS.map((field) => (
          <TextField
            key={field}
            type="datetime-local"
            label={TIMELINE_LABELS[field]}
            slotProps={{ inputLabel: { shrink: true } }}
            error={Boolean(errors[field])}
            helperText={errors[field]?.message ?? timezone}
            {...form.register(field)}
          />
        ))}
      </Box>
    </FormSection>
  );
}
