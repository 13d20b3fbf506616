/** Bounds of judging and results. */
export const JUDGING_LIMITS = {
  /** A criterion's mark: 1 (weak) … 10 (outstanding). */
  scoreMin: 1,
  scoreMax: 10,
  /** The longest feedback a judge writes for the entrant. */
  feedbackMax: 2000,
  /** The most places one contest's results may declare. */
  placesMax: 50,
  /** The largest single prize, in cents (1,000,000.00). */
  prizeMaxCents: 100_000_000,
  /** The longest reason given for a correction of published results. */
  reasonMax: 500,
  /** Winners shown by the home page's carousel. */
  winnersShown: 12,
  /** Entries on one page of the staff ranking (the staff lists' page size). */
  rankingPageSize: 25,
} as const;

/** Messages of judging, results and scorecards. */
export const JUDGING_MESSAGES = {
  judgesOnly: "Only the contest's judges (its brand and the platform team) can score its entries.",
  entrantOnly: 'Only the entrant can read this scorecard.',
  notJudging: 'Judging is not open for this contest: scores can be given only during the judging window.',
  resultsPublished:
    'The results of this contest are published; they can be changed only through a correction.',
  resultsNotPublished: 'The results of this contest are not published yet.',
  noRubric: 'This contest has no judging criteria yet.',
  criteriaMismatch: 'Give one score for each criterion of the contest.',
  entryNotInContest: 'Each place must name an entry of this contest.',
  duplicatePlace: 'Each place and each entry may appear only once.',
  notJudgedYet: 'Results can be published once judging has started.',
  noEntries: 'This entry has no submitted video to judge.',
  roundRankingReaders:
    "A round's ranking is read by the platform team and, before the final round, by the brand's owners and managers.",
} as const;
