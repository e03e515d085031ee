import { createElement, type ComponentProps, type HTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

export type CardElevation = 'flat' | 'raised';

/** The border and fill: the app's surface, an accent or gain outline on it, the offer's accent on surface-2, or an outline only. */
export type CardTone = 'default' | 'accent' | 'gain' | 'highlight' | 'outline';

/** The elements a card may be, so a landmark, a list item or a form keeps its semantics. */
export type CardElement = 'div' | 'section' | 'article' | 'aside' | 'form' | 'ul' | 'ol' | 'li' | 'figure' | 'a';

const TONES: Record<CardTone, string> = {
  default: 'border-border bg-surface',
  accent: 'border-accent bg-surface',
  gain: 'border-gain bg-surface',
  highlight: 'border-accent bg-surface-2',
  outline: 'border-border',
};

export type CardProps<E extends CardElement = 'div'> = ComponentProps<E> & {
  /** The element to render (a `<div>` unless told). */
  as?: E;
  elevation?: CardElevation;
  tone?: CardTone;
};

export function Card<E extends CardElement = 'div'>({
  as,
  className,
  elevation = 'raised',
  tone = 'default',
  ...rest
}: CardProps<E>) {
  return createElement(as ?? 'div', {
    className: cn('rounded-card border text-fg', TONES[tone], elevation === 'raised' && 'shadow-card', className),
    ...rest,
  });
}

export function CardHeader({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('flex flex-col gap-1 p-4 sm:p-5', className)} {...rest} />;
}

export function CardTitle({ className, ...rest }: HTMLAttributes<HTMLHeadingElement>) {
  return <h3 className={cn('text-base font-semibold leading-tight', className)} {...rest} />;
}

export function CardDescription({ className, ...rest }: HTMLAttributes<HTMLParagraphElement>) {
  return <p className={cn('text-sm text-muted', className)} {...rest} />;
}

export function CardContent({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('px-4 pb-4 sm:px-5 sm:pb-5', className)} {...rest} />;
}

export function CardFooter({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div className={cn('flex items-center gap-2 border-t border-border px-4 py-3 sm:px-5', className)} {...rest} />
  );
}
