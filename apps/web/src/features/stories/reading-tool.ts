/**
 * The reading tool started on story paths (docs/product/public-site.md#reading-tool): the reading-progress bar and the
 * highlighter. It is started with the account identifier when READING_TOOL_ACCOUNT_ID is
 * configured (highlights are then kept under that account); when it is missing, a warning is logged.
 */
export const READING_TOOL_MISSING_WARNING =
  'Reading tool: no account identifier is configured (READING_TOOL_ACCOUNT_ID); highlights are kept in this browser only.';

export interface ReadingToolSettings {
  accountId: string | null;
}

export function startReadingTool(accountId: string | null | undefined): ReadingToolSettings {
  if (!accountId) {
    console.warn(READING_TOOL_MISSING_WARNING);
    return { accountId: null };
  }
  return { accountId };
}
