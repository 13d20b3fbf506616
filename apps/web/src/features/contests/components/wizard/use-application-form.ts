import { useEffect, useMemo, useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { CurrentUser, ProductResponse } from '@app/domain';
import {
  applicationDraft,
  EMPTY_VALUES,
  mergeDraft,
  prefillFrom,
  type ApplicationFormValues,
} from '../../lib/application-form';

/**
 * The application's answers: started from the draft this browser kept, prefilled from the
 * creator's profile once it arrives (what was typed before signing in wins), kept as a draft while
 * typing until `done`, and a chosen product that ran out unselected.
 */
export function useApplicationForm({
  contestRef,
  user,
  products,
  done,
}: {
  contestRef: string;
  /** The signed-in creator's profile (undefined while loading or for a visitor). */
  user: CurrentUser | null | undefined;
  /** The contest's products with their stock, once loaded. */
  products: ProductResponse[] | undefined;
  /** Applied: the draft was cleared on purpose and is not saved again. */
  done: boolean;
}) {
  const { control, setValue, reset, getValues } = useForm<ApplicationFormValues>({
    defaultValues: mergeDraft(EMPTY_VALUES, applicationDraft.load(contestRef)),
  });
  const values = useWatch({ control }) as ApplicationFormValues;

  // Prefill once the profile arrives; what was typed before signing in wins.
  const prefilledFor = useRef<number | null>(null);
  useEffect(() => {
    if (!user || prefilledFor.current === user.id) return;
    prefilledFor.current = user.id;
    reset(mergeDraft(prefillFrom(user), applicationDraft.load(contestRef)));
  }, [user, reset, contestRef]);

  // Keep a draft while typing (not after success: it was cleared on purpose).
  useEffect(() => {
    if (!done) applicationDraft.save(contestRef, values);
  }, [values, contestRef, done]);

  const stockById = useMemo(
    () => Object.fromEntries((products ?? []).map((p) => [p.id, p.stock_quantity])) as Record<number, number>,
    [products],
  );
  // A chosen chair that is gone (someone else took the last one) is unselected.
  useEffect(() => {
    const chair = getValues('chair');
    if (chair !== null && products && (stockById[chair] ?? 0) <= 0) setValue('chair', null);
  }, [stockById, products, getValues, setValue]);

  return { control, setValue, values, stockById };
}
