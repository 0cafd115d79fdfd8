import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PageHeading } from '../../shared/page-heading';

/** An unknown address, or a page the role does not open: the two look the same. */
export function NotFoundView() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeading>{t('notFound.title')}</PageHeading>
      <p>{t('notFound.text')}</p>
      <Link to="/">{t('notFound.home')}</Link>
    </>
  );
}
