import { useState } from 'react';
import { Alert, Box, Button, Paper, Skeleton, Stack, TextField, Typography } from '@mui/material';
import { AGREEMENT_LIMITS, AGREEMENT_MESSAGES, type ContestResponse } from '@app/domain';
import { ApiError } from '../../../lib/api-client';
import { useContestAgreement, useSaveContestAgreement } from '../../../lib/contest-agreement';
import { useNotify } from '../../../components/notifications';

/**
 * Staff edit a contest's agreement (issue 31): a draft's version 1 is replaced; a published
 * contest's text is saved as a new version that entrants accept again. Plain text: a blank line
 * between paragraphs, `## ` before a heading, `- ` before each item of a list.
 */
export function AgreementEditor({ contest }: { contest: ContestResponse }) {
  const agreement = useContestAgreement(contest.id);
  return (
    <Paper component="section" aria-labelledby="agreement-editor-title" sx={{ p: { xs: 2, sm: 3 }, mt: 4 }}>
      <Typography id="agreement-editor-title" component="h2" variant="h5" gutterBottom>
        Contest agreement
      </Typography>
      {agreement.isPending ? (
        <Skeleton height={240} />
      ) : agreement.isError ? (
        <Alert severity="error">{AGREEMENT_MESSAGES.loadFailed}</Alert>
      ) : (
        <AgreementForm
          key={agreement.data.sha256}
          contest={contest}
          version={agreement.data.version}
          sha256={agreement.data.sha256}
          initialText={agreement.data.text}
        />
      )}
    </Paper>
  );
}

function AgreementForm({
  contest,
  version,
  sha256,
  initialText,
}: {
  contest: ContestResponse;
  version: number;
  sha256: string;
  initialText: string;
}) {
  const [text, setText] = useState(initialText);
  const save = useSaveContestAgreement(contest.id);
  const notify = useNotify();
  const draft = contest.publication_status === 'draft';
  const error =
    save.error instanceof ApiError ? (save.error.fieldErrors().text?.[0] ?? save.error.userMessage()) : null;
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
        Version {version} · SHA-256 {sha256}
      </Typography>
      <Alert severity={draft ? 'info' : 'warning'}>
        {draft ? AGREEMENT_MESSAGES.draftSaveHint : AGREEMENT_MESSAGES.publishedSaveHint}
      </Alert>
      <TextField
        label="Agreement text"
        multiline
        minRows={10}
        maxRows={30}
        value={text}
        onChange={(event) => setText(event.target.value)}
        error={Boolean(error)}
        helperText={
          error ??
          `A blank line between paragraphs; "## " starts a heading, "- " a list item. ${text.length.toLocaleString('en-US')} / ${AGREEMENT_LIMITS.textMax.toLocaleString('en-US')} characters.`
        }
        slotProps={{ htmlInput: { maxLength: AGREEMENT_LIMITS.textMax, spellCheck: true } }}
      />
      <Box>
        <Button
          variant="contained"
          disabled={save.isPending || text === initialText || !text.trim()}
          onClick={() =>
            save.mutate(
              { text },
              {
                onSuccess: (saved) =>
                  notify(
                    saved.version === version && saved.sha256 === sha256
                      ? AGREEMENT_MESSAGES.unchanged
                      : `${AGREEMENT_MESSAGES.saved} Version ${saved.version}.`,
                    {
                      severity: 'success',
                    },
                  ),
              },
            )
          }
        >
          {save.isPending ? 'Saving...' : draft ? 'Save agreement' : `Save as version ${version + 1}`}
        </Button>
      </Box>
    </Stack>
  );
}
