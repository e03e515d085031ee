import type { ReactElement } from 'react';
import { render, toPlainText } from '@react-email/render';

/** The one place React Email templates are rendered: HTML and its plain-text twin. */
export async function renderEmail(element: ReactElement): Promise<{ html: string; text: string }> {
  const html = await render(element);
  return { html, text: toPlainText(html) };
}
