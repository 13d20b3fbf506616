import { useForm, type Resolver } from 'react-hook-form';
import { Alert, Box, Button, Stack } from '@mui/material';
import type { BrandOption, ContestResponse, ProductStockResponse } from '@app/domain';
import { ApiError } from '../../../lib/api-client';
import { useSaveContest } from '../api/save-contest';
import { nestErrors } from '../lib/nest-errors';
import { contestFormErrors, valuesToBody, type ContestFormValues } from '../lib/contest-form-values';
import {
  ContestBasicsSection,
  ContestBriefSection,
  ContestEligibilitySection,
  ContestTimelineSection,
} from './contest-form-sections';
import { ContestApprovalsSection } from './contest-approvals-section';
import { ContestDeliverySection } from './contest-delivery-section';
import { ContestLicenceSection } from './contest-licence-section';
import { ContestProductsSection } from './contest-products-section';
import { ContestRubricSection } from './contest-rubric-section';

/** The domain's contest schema (and the timeline order) as the form's resolver. */
const contestResolver: Resolver<ContestFormValues> = async (values) => {
  const errors = contestFormErrors(values);
  return Object.keys(errors).length
    ? { values: {}, errors: nestErrors<ContestFormValues>(errors) }
    : { values, errors: {} };
};

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
  const serverErrors = save.error instanceof ApiError ? save.error.fieldErrors() : {};

  const onSubmit = form.handleSubmit((values) => {
    save.mutate(valuesToBody(values, contest), { onSuccess: onSaved });
  });

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

      <ContestBasicsSection form={form} brands={brands} isStaff={isStaff} />
      <ContestEligibilitySection form={form} />
      <ContestBriefSection form={form} />
      <ContestDeliverySection form={form} />
      <ContestLicenceSection form={form} />
      <ContestTimelineSection form={form} />
      <ContestProductsSection form={form} contest={contest} stock={stock} isStaff={isStaff} />
      <ContestRubricSection form={form} />
      <ContestApprovalsSection form={form} />

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
