import { Eye } from 'lucide-react';
import type { EmailTemplate } from '@tp/shared';
import { Button } from '@/ui/button';
import { Dialog } from '@/ui/dialog';

/** The template rendered by the server with sample content, in a sandboxed frame (no scripts, no same origin). */
export function TemplatePreview({ name, preview }: { name: string; preview: NonNullable<EmailTemplate['preview']> }) {
  return (
    <Dialog
      size="lg"
      title={`Preview: ${name}`}
      description={`Subject: ${preview.subject}`}
      trigger={
        <Button variant="outline">
          <Eye aria-hidden="true" className="size-4" />
          Preview
        </Button>
      }
    >
      <iframe
        title={`${name} preview`}
        sandbox=""
        srcDoc={preview.html}
        className="h-[60dvh] w-full rounded-md border border-border bg-white"
      />
    </Dialog>
  );
}
