import { useMutation } from '@tanstack/react-query';
import { apiStream } from '@/lib/api-client';

/** The browser saves a file the page holds (a download the API answered to this signed-in request). */
function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // the click has handed the file to the browser's download; the URL is not needed after this turn
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * GET /api/campaigns/{id}/recipients/export — every recipient's results as CSV (UTF-8 with BOM, ISO
 * times in the user's zone), saved as "<campaign> - recipients.csv". Fetched with the session's
 * token, which a plain link could not carry.
 */
export async function exportCampaignRecipients({ id, name }: { id: string; name: string }): Promise<void> {
  const response = await apiStream(`/campaigns/${encodeURIComponent(id)}/recipients/export`, {
    method: 'GET',
    headers: { accept: 'text/csv' },
  });
  // the browser makes the name one its file system takes
  saveFile(await response.blob(), `${name} - recipients.csv`);
}

export function useExportCampaignRecipients() {
  return useMutation({ mutationFn: exportCampaignRecipients });
}
