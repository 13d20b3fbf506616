import { useState, type ReactNode } from 'react';
import { useFieldArray, useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  IconButton,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  RUBRIC_TOTAL_WEIGHT,
  TIMELINE_FIELDS,
  VIDEO_CONTAINERS,
  type BrandOption,
  type ContestResponse,
  type ProductStockResponse,
} from '@app/domain';
import { ApiError } from '../../../lib/api-client';
import { useSaveContest, uploadContestImage } from '../api/save-contest';
import {
  contestFormErrors,
  emptyProduct,
  valuesToBody,
  type ContestFormValues,
} from '../lib/contest-form-values';
import { StockEditor } from './stock-editor';

const TIMELINE_LABELS: Record<(typeof TIMELINE_FIELDS)[number], string> = {
  starts_at: 'Contest starts',
  application_deadline: 'Applications close',
  submission_deadline: 'Videos due',
  judging_starts_at: 'Judging starts',
  judging_ends_at: 'Judging ends',
  winners_at: 'Winners announced',
};

/** Puts 'products.0.name' style messages into react-hook-form's nested error object. */
function nestErrors(flat: Record<string, string>): FieldErrors<ContestFormValues> {
  const root: Record<string, unknown> = {};
  for (const [path, message] of Object.entries(flat)) {
    const keys = path.split('.');
    let node = root;
    keys.slice(0, -1).forEach((key, i) => {
      const next = keys[i + 1]!;
      node[key] ??= /^\d+$/.test(next) ? [] : {};
      node = node[key] as Record<string, unknown>;
    });
    node[keys.at(-1)!] = { type: 'validate', message };
  }
  return root as FieldErrors<ContestFormValues>;
}

/** The domain's contest schema (and the timeline order) as the form's resolver. */
const contestResolver: Resolver<ContestFormValues> = async (values) => {
  const errors = contestFormErrors(values);
  return Object.keys(errors).length ? { values: {}, errors: nestErrors(errors) } : { values, errors: {} };
};

function Section({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <Card component="section" aria-labelledby={id}>
      <CardContent sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}>
        <Typography id={id} component="h2" variant="h5">
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

const twoColumns = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } } as const;

function ImageField({
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

/**
 * Create or edit a contest (staff and brand users): the fields of the API's create body, checked
 * by the domain schema as one types. Dates are entered on the contest's own clock.
 */
export function ContestForm({
  initial,
  contest,
  stock,
  brands,
  isStaff,
  onSaved,
}: {
  initial: ContestFormValues;
  contest?: ContestResponse;
  stock?: ProductStockResponse[];
  brands: BrandOption[];
  isStaff: boolean;
  onSaved: (contest: ContestResponse) => void;
}) {
  const save = useSaveContest(contest?.id);
  const form = useForm<ContestFormValues>({
    resolver: contestResolver,
    defaultValues: initial,
    mode: 'onTouched',
  });
  const { errors } = form.formState;
  const products = useFieldArray({ control: form.control, name: 'products' });
  const rubric = useFieldArray({ control: form.control, name: 'rubric' });
  const rubricValues = useWatch({ control: form.control, name: 'rubric' });
  const timezone = useWatch({ control: form.control, name: 'timezone' });
  const containers = useWatch({ control: form.control, name: 'containers' });
  const brandId = useWatch({ control: form.control, name: 'brand_id' });
  const thumbnail = useWatch({ control: form.control, name: 'thumbnail' });
  const banner = useWatch({ control: form.control, name: 'banner' });
  const weightSum = (rubricValues ?? []).reduce((sum, c) => sum + (Number(c.weight) || 0), 0);
  const serverErrors = save.error instanceof ApiError ? save.error.fieldErrors() : {};
  const stockOf = new Map((stock ?? []).map((s) => [s.product_id, s]));

  const onSubmit = form.handleSubmit((values) => {
    save.mutate(valuesToBody(values, contest), { onSuccess: onSaved });
  });

  const text = (
    name: keyof ContestFormValues,
    label: string,
    { helperText, ...extra }: Record<string, unknown> & { helperText?: string } = {},
  ) => (
    <TextField
      label={label}
      error={Boolean(errors[name])}
      helperText={(errors[name] as { message?: string } | undefined)?.message ?? helperText}
      {...extra}
      {...form.register(name)}
    />
  );

  return (
    <Stack
      component="form"
      noValidate
      onSubmit={onSubmit}
      spacing={3}
      aria-label={contest ? 'Edit contest' : 'Create contest'}
    >
      {save.error ? (
        <Alert severity="error">
          {save.error instanceof ApiError ? save.error.userMessage() : 'The contest could not be saved.'}
          {Object.entries(serverErrors).length ? (
            <Box component="ul" sx={{ m: 0, pl: 2 }}>
              {Object.entries(serverErrors).map(([field, messages]) => (
                <li key={field}>
                  {field}: {messages.join(' ')}
                </li>
              ))}
            </Box>
          ) : null}
        </Alert>
      ) : null}

      <Section title="The contest" id="contest-basics">
        {text('title', 'Title', { required: true })}
        {text('tagline', 'Tagline')}
        {text('description', 'Description', { multiline: true, minRows: 2 })}
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
          {text('slug', 'Address name (slug)', {
            helperText: 'Lower-case words joined by hyphens; made from the title when left empty.',
          })}
        </Box>
        <Box sx={twoColumns}>
          {text('prize', 'Prize', { type: 'number', slotProps: { htmlInput: { min: 0, step: 1 } } })}
          {text('currency', 'Currency')}
        </Box>
        <Box sx={twoColumns}>
          <ImageField
            label="Thumbnail"
            value={thumbnail}
            onChange={(key) => form.setValue('thumbnail', key)}
          />
          <ImageField label="Banner" value={banner} onChange={(key) => form.setValue('banner', key)} />
        </Box>
      </Section>

      <Section title="Eligibility" id="contest-eligibility">
        <Box sx={twoColumns}>
          {text('eligibility_country', 'Country')}
          {text('minimum_age', 'Minimum age', { type: 'number', slotProps: { htmlInput: { min: 0 } } })}
        </Box>
        {text('experience', 'Experience asked for')}
      </Section>

      <Section title="Brief and requirements" id="contest-brief">
        {text('brief', 'Brief', { multiline: true, minRows: 4, helperText: 'Sent to selected creators.' })}
        {text('requirements', 'Requirements shown on the page', {
          multiline: true,
          minRows: 3,
          helperText: 'One requirement a line.',
        })}
        <Typography variant="subtitle2">What the upload checks (machine-readable)</Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, 1fr)' } }}>
          {text('aspect_ratio', 'Aspect ratio', { placeholder: '9:16' })}
          {text('min_seconds', 'Min seconds', { type: 'number' })}
          {text('max_seconds', 'Max seconds', { type: 'number' })}
          {text('min_height', 'Min height (px)', { type: 'number' })}
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
      </Section>

      <Section title="Timeline" id="contest-timeline">
        {text('timezone', 'Time zone', {
          helperText: 'IANA name, e.g. America/Los_Angeles. Dates below are on this clock.',
        })}
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
      </Section>

      <Section title="Products" id="contest-products">
        {products.fields.map((field, index) => {
          const e = errors.products?.[index];
          const existing = field.id && form.getValues(`products.${index}.id`);
          const productStock = existing ? stockOf.get(existing) : undefined;
          return (
            <Box
              key={field.id}
              role="group"
              aria-label={`Product ${index + 1}`}
              sx={{
                p: { xs: 1.5, sm: 2 },
                border: 1,
                borderColor: 'divider',
                borderRadius: 1,
                display: 'grid',
                gap: 2,
              }}
            >
              <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '120px 1fr' } }}>
                <TextField
                  label="Code"
                  error={Boolean(e?.code)}
                  helperText={e?.code?.message}
                  {...form.register(`products.${index}.code`)}
                />
                <TextField
                  label="Product name"
                  error={Boolean(e?.name)}
                  helperText={e?.name?.message}
                  {...form.register(`products.${index}.name`)}
                />
              </Box>
              <TextField
                label="Product description"
                multiline
                {...form.register(`products.${index}.description`)}
              />
              <TextField
                label="Features"
                multiline
                minRows={2}
                helperText={e?.features?.message ?? 'One feature a line; films should show them.'}
                error={Boolean(e?.features)}
                {...form.register(`products.${index}.features`)}
              />
              <TextField label="Picture URL" {...form.register(`products.${index}.image_url`)} />
              {existing ? (
                productStock && contest ? (
                  <StockEditor contestId={contest.id} stock={productStock} canEdit={isStaff} />
                ) : null
              ) : (
                <TextField
                  label="Units in stock"
                  type="number"
                  slotProps={{ htmlInput: { min: 0 } }}
                  error={Boolean(e?.stock_quantity)}
                  helperText={e?.stock_quantity?.message}
                  {...form.register(`products.${index}.stock_quantity`)}
                />
              )}
              {products.fields.length > 1 && !existing ? (
                <Box>
                  <Button color="inherit" onClick={() => products.remove(index)}>
                    Remove product {index + 1}
                  </Button>
                </Box>
              ) : null}
            </Box>
          );
        })}
        {errors.products?.message ? <FormHelperText error>{errors.products.message}</FormHelperText> : null}
        <Box>
          <Button variant="outlined" color="inherit" onClick={() => products.append(emptyProduct())}>
            Add product
          </Button>
        </Box>
      </Section>

      <Section title="Judging rubric" id="contest-rubric">
        {rubric.fields.map((field, index) => (
          <Stack key={field.id} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <TextField
              label={`Criterion ${index + 1}`}
              sx={{ flex: 1 }}
              error={Boolean(errors.rubric?.[index]?.name)}
              helperText={errors.rubric?.[index]?.name?.message}
              {...form.register(`rubric.${index}.name`)}
            />
            <TextField
              label="Weight %"
              type="number"
              sx={{ width: 110 }}
              slotProps={{ htmlInput: { min: 1, max: 100 } }}
              error={Boolean(errors.rubric?.[index]?.weight)}
              {...form.register(`rubric.${index}.weight`)}
            />
            <IconButton
              aria-label={`Remove criterion ${index + 1}`}
              onClick={() => rubric.remove(index)}
              sx={{ mt: 1 }}
            >
              ×
            </IconButton>
          </Stack>
        ))}
        <Typography
          role="status"
          sx={{
            color:
              weightSum === RUBRIC_TOTAL_WEIGHT || rubric.fields.length === 0
                ? 'success.main'
                : 'warning.main',
          }}
        >
          Weights add up to {weightSum} of {RUBRIC_TOTAL_WEIGHT}.
        </Typography>
        {errors.rubric?.root?.message ? (
          <FormHelperText error>{errors.rubric.root.message}</FormHelperText>
        ) : null}
        <Box>
          <Button
            variant="outlined"
            color="inherit"
            onClick={() =>
              rubric.append({ name: '', weight: String(Math.max(RUBRIC_TOTAL_WEIGHT - weightSum, 1)) })
            }
          >
            Add criterion
          </Button>
        </Box>
      </Section>

      {Object.keys(errors).length ? (
        <Alert severity="warning">Some fields need attention: see the messages above.</Alert>
      ) : null}
      <Box>
        <Button type="submit" variant="contained" size="large" disabled={save.isPending}>
          {save.isPending
            ? 'Saving…'
            : contest
              ? 'Save changes'
              : isStaff
                ? 'Create contest'
                : 'Create draft'}
        </Button>
      </Box>
    </Stack>
  );
}
