import type { ReactNode } from 'react';
import { useFieldArray } from 'react-hook-form';
import { Box, Button, FormHelperText, TextField } from '@mui/material';
import type { ContestResponse, ProductStockResponse } from '@app/domain';
import { emptyProduct } from '../lib/contest-form-values';
import { FormSection, type ContestFormApi } from './contest-form-fields';
import { StockEditor } from './stock-editor';

/**
 * The contest's products: a new product is given its units here; an existing one's stock changes
 * through its stock editor, and it cannot be removed.
 */
export function ContestProductsSection({
  form,
  contest,
  stock,
  isStaff,
}: {
  form: ContestFormApi;
  contest?: ContestResponse;
  stock?: ProductStockResponse[];
  isStaff: boolean;
}) {
  const { errors } = form.formState;
  const products = useFieldArray({ control: form.control, name: 'products' });
  const stockOf = new Map((stock ?? []).map((s) => [s.product_id, s]));
  return (
    <FormSection title="Products" id="contest-products">
      {products.fields.map((field, index) => {
        const existing = field.id && form.getValues(`products.${index}.id`);
        const productStock = existing ? stockOf.get(existing) : undefined;
        return (
          <ProductFields
            key={field.id}
            form={form}
            index={index}
            isNew={!existing}
            stockEditor={
              productStock && contest ? (
                <StockEditor contestId={contest.id} stock={productStock} canEdit={isStaff} />
              ) : null
            }
            onRemove={products.fields.length > 1 && !existing ? () => products.remove(index) : null}
          />
        );
      })}
      {errors.products?.message ? <FormHelperText error>{errors.products.message}</FormHelperText> : null}
      <Box>
        <Button variant="outlined" color="inherit" onClick={() => products.append(emptyProduct())}>
          Add product
        </Button>
      </Box>
    </FormSection>
  );
}

/** One product's fields; a new one asks for its units in stock, an existing one shows its stock editor. */
function ProductFields({
  form,
  index,
  isNew,
  stockEditor,
  onRemove,
}: {
  form: ContestFormApi;
  index: number;
  isNew: boolean;
  stockEditor: ReactNode;
  onRemove: (() => void) | null;
}) {
  const e = form.formState.errors.products?.[index];
  return (
    <Box
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
      <TextField label="Product description" multiline {...form.register(`products.${index}.description`)} />
      <TextField
        label="Features"
        multiline
        minRows={2}
        helperText={e?.features?.message ?? 'One feature a line; films should show them.'}
        error={Boolean(e?.features)}
        {...form.register(`products.${index}.features`)}
      />
      <TextField label="Picture URL" {...form.register(`products.${index}.image_url`)} />
      {isNew ? (
        <TextField
          label="Units in stock"
          type="number"
          slotProps={{ htmlInput: { min: 0 } }}
          error={Boolean(e?.stock_quantity)}
          helperText={e?.stock_quantity?.message}
          {...form.register(`products.${index}.stock_quantity`)}
        />
      ) : (
        stockEditor
      )}
      {onRemove ? (
        <Box>
          <Button color="inherit" onClick={onRemove}>
            Remove product {index + 1}
          </Button>
        </Box>
      ) : null}
    </Box>
  );
}
