import type { ButtonHTMLAttributes, Ref } from 'react';
import './theme.css';
import './surface-button.css';

export interface SurfaceButtonProps extends Omit<
  ButtonHTMLAttributes<HTMLButtonElement>,
  'className'
> {
  /** primary: the card's main action; danger: one that removes or ends something. */
  tone?: 'primary' | 'danger';
  ref?: Ref<HTMLButtonElement>;
}

/** A button of the member's own pages (profile, security); a plain button unless `type` says submit. */
export function SurfaceButton({ tone, type = 'button', ...rest }: SurfaceButtonProps) {
  const className = tone ? `surface-button surface-button-${tone}` : 'surface-button';
  return <button type={type} className={className} {...rest} />;
}
