import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A two-step auth card (sign-up, password reset): "Step n of 2", the step's content, the footer. */
export function TwoStepCard({
  step,
  children,
  footer,
}: {
  step: number;
  children: ReactNode;
  footer: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <main id="main" className="card auth-card">
      <p className="auth-step">{t('common.stepOf', { step, total: 2 })}</p>
      {children}
      <p className="auth-footer">{footer}</p>
    </main>
  );
}
