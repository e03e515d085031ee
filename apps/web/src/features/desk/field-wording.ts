/**
 * The contract's messages name API fields ("dueDate must not be before issueDate") or none at all
 * ("is required"): under a form's field they are worded with the form's labels ("Due date must not
 * be before Issue date", "Invoice number is required"). The server's `details[].field` still
 * decides which field a message belongs to.
 */
export function fieldWording<F extends string>(labels: Record<F, string>) {
  const names = (Object.keys(labels) as F[]).sort((a, b) => b.length - a.length);
  const anyName = new RegExp(`\\b(${names.join('|')})\\b`, 'g');
  return (field: F, message: string): string => {
    const label = labels[field];
    if (/received undefined|^required$/i.test(message)) return `${label} is required`;
    if (/^Invalid option/i.test(message)) return `Choose a valid ${label.toLowerCase()}`;
    // "is required", "must be greater than 0": the field's label leads
    if (/^(is|must|should|has|have)\b/.test(message)) return `${label} ${message}`;
    return message.replace(anyName, (name) => labels[name as F]);
  };
}
