import type { ReactNode } from 'react';

/** One term of a description list (<dl>): its label (<dt>) and its value (<dd>). */
export function DetailRow({
  label,
  className,
  valueClassName,
  children,
}: {
  label: string;
  /** The row's class (the <div> that groups the term and its value). */
  className?: string;
  valueClassName?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <dt>{label}</dt>
      <dd className={valueClassName}>{children}</dd>
    </div>
  );
}
