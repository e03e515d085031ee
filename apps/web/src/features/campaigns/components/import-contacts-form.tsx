import { useRef, useState } from 'react';
import { Upload } from 'lucide-react';
import { CAMPAIGN_MESSAGES, type ImportResult } from '@tp/shared';
import { errorMessage } from '@/lib/api-client';
import { formatCount } from '@/lib/format';
import { Button } from '@/ui/button';
import { FormField } from '@/ui/form-field';
import { Textarea } from '@/ui/input';
import { Progress } from '@/ui/progress';
import { useImportContacts, type ImportProgress } from '../api/import-contacts';

const hasAddress = (text: string) => text.split(/\r?\n/).some((line) => line.includes('@'));

function progressText(progress: ImportProgress): string {
  if (progress.phase === 'reading') {
    return `Reading: ${formatCount(progress.lines)} lines, ${formatCount(progress.valid)} valid`;
  }
  return `Saving: ${formatCount(progress.saved)} of ${formatCount(progress.valid)}`;
}

function progressPercent(progress: ImportProgress, totalBytes: number): number {
  if (progress.phase === 'reading') return totalBytes > 0 ? (progress.bytes / totalBytes) * 90 : 0;
  return 90 + (progress.valid > 0 ? (progress.saved / progress.valid) * 10 : 10);
}

/** Many contacts at once, pasted or from a CSV file, joining the lists chosen. */
export function ImportContactsForm({ lists }: { lists: string[] }) {
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<{ line: ImportProgress; total: number } | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const run = useImportContacts();

  const start = () => {
    setResult(null);
    setProgress(null);
    if (!file && !hasAddress(text)) {
      setProblem(CAMPAIGN_MESSAGES.noValidEmails);
      return;
    }
    setProblem(null);
    run.mutate(
      { source: file ?? text, lists, onProgress: (line, total) => setProgress({ line, total }) },
      {
        onSuccess: (data) => {
          setResult(data);
          setText('');
          setFile(null);
          if (fileInput.current) fileInput.current.value = '';
        },
        onError: (e) => setProblem(errorMessage(e, 'Failed to import contacts')),
      },
    );
  };

  return (
    <form
      noValidate
      aria-label="Import contacts"
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        start();
      }}
    >
      <FormField
        name="importText"
        label="Import addresses"
        description="One address per line, or CSV with an email column."
        error={problem}
      >
        <Textarea
          rows={5}
          value={text}
          disabled={file !== null}
          onChange={(e) => setText(e.target.value)}
          placeholder={'ada@example.com\nbob@example.com'}
        />
      </FormField>
      <div className="flex flex-wrap items-center gap-2">
        <label className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-border px-3 text-sm hover:bg-surface-2 dense:min-h-10 has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent">
          <Upload aria-hidden="true" className="size-4" />
          {file ? file.name : 'Choose a CSV file'}
          <input
            ref={fileInput}
            type="file"
            accept=".csv,.txt,text/csv,text/plain"
            className="sr-only"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        </label>
        {file && (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => {
              setFile(null);
              if (fileInput.current) fileInput.current.value = '';
            }}
          >
            Clear file
          </Button>
        )}
        <Button type="submit" className="ml-auto" loading={run.isPending} loadingText="Importing...">
          Import
        </Button>
      </div>
      {run.isPending && progress && (
        <Progress
          showLabel
          label={progressText(progress.line)}
          value={progressPercent(progress.line, progress.total)}
        />
      )}
      {run.isPending && !progress && <p className="text-sm text-muted">Sending the addresses...</p>}
      {result && (
        <p role="status" className="tabular text-sm">
          Imported {formatCount(result.imported)}, skipped {formatCount(result.skipped)}, invalid{' '}
          {formatCount(result.invalid)}
        </p>
      )}
    </form>
  );
}
