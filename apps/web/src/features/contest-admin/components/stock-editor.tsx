import { useState } from 'react';
import { Button, Stack, TextField, Typography } from '@mui/material';
import type { ProductStockResponse } from '@app/domain';
import { ApiError } from '../../../lib/api-client';
import { useSetProductStock } from '../api/save-contest';

/** A product's stock: left, reserved; staff set the units in all (never below the reserved ones). */
export function StockEditor({
  contestId,
  stock,
  canEdit,
}: {
  contestId: number;
  stock: ProductStockResponse;
  canEdit: boolean;
}) {
  const [total, setTotal] = useState(String(stock.total));
  const mutation = useSetProductStock(contestId);
  const error =
    mutation.error instanceof ApiError
      ? (mutation.error.fieldErrors().total?.[0] ?? mutation.error.userMessage())
      : null;
  return (
    <Stack spacing={1}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {stock.stock_quantity} left · {stock.reserved} reserved by applications · {stock.total} in all
      </Typography>
      {canEdit ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <TextField
            size="small"
            type="number"
            label="Units in all"
            value={total}
            slotProps={{ htmlInput: { min: stock.reserved } }}
            onChange={(event) => setTotal(event.target.value)}
            error={Boolean(error)}
            helperText={error ?? `At least ${stock.reserved}.`}
            sx={{ flex: { xs: 1, sm: '0 1 220px' }, minWidth: 0 }}
          />
          <Button
            variant="outlined"
            color="inherit"
            sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
            disabled={mutation.isPending || total === String(stock.total)}
            onClick={() => mutation.mutate({ productId: stock.product_id, total: Number(total) })}
          >
            Set stock
          </Button>
        </Stack>
      ) : null}
    </Stack>
  );
}
