import { SHARE_MESSAGE_MAX, SHARE_SUBJECT_MAX } from '@tp/shared';
import { Input, Textarea } from '@/ui/input';

interface ShareMessageFieldsProps {
  subject: string;
  onSubjectChange(subject: string): void;
  message: string;
  onMessageChange(message: string): void;
}

/** The e-mail's subject and the sender's own words. */
export function ShareMessageFields({ subject, onSubjectChange, message, onMessageChange }: ShareMessageFieldsProps) {
  return (
    <>
      <label className="flex flex-col gap-1 text-sm font-semibold">
        Subject
        <Input
          className="font-normal"
          value={subject}
          maxLength={SHARE_SUBJECT_MAX}
          onChange={(e) => onSubjectChange(e.target.value)}
        />
      </label>
      <label className="flex flex-col gap-1 text-sm font-semibold">
        Message (optional)
        <Textarea
          className="font-normal"
          rows={3}
          value={message}
          maxLength={SHARE_MESSAGE_MAX}
          onChange={(e) => onMessageChange(e.target.value)}
        />
      </label>
    </>
  );
}
