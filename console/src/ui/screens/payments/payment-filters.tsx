import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { PAYMENT_STATUSES } from '../../../../../src/contract/payment';
import { FieldFrame } from '../../../../../src/ui-kit/field-frame';
import { SurfaceButton } from '../../../../../src/ui-kit/surface-button';
import { TextField } from '../../../../../src/ui-kit/text-field';
import { GATEWAY_KINDS, gatewayLabelKey } from '../../../../../src/contract/gateways';
import { type PaymentFilterField } from '../../../domain/use-cases/payments.use-case';
import { SearchForm } from '../../shared/search-list';
import type { PaymentSearchViewModel } from './payment-search.view-model';

/** A choice among fixed values, "any" first. */
const Choice = observer(function Choice({
  vm,
  field,
  options,
}: {
  vm: PaymentSearchViewModel;
  field: Extract<PaymentFilterField, 'status' | 'gateway'>;
  options: readonly { value: string; label: string }[];
}) {
  const { t } = useTranslation();
  return (
    <FieldFrame
      id={`field-${field}`}
      label={t(`payments.filter.${field}`)}
      error={vm.errors[field]}
    >
      {(control) => (
        <select
          {...control}
          name={field}
          className="console-select"
          value={vm.filters[field]}
          onChange={(event) => vm.setFilter(field, event.target.value)}
        >
          <option value="">{t('payments.any')}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
});

/** The payments search's filters: each optional, all of them combined. */
export const PaymentFilters = observer(function PaymentFilters({
  vm,
}: {
  vm: PaymentSearchViewModel;
}) {
  const { t } = useTranslation();
  const text = (field: PaymentFilterField, extra: Record<string, string> = {}) => (
    <TextField
      name={field}
      label={t(`payments.filter.${field}`)}
      value={vm.filters[field]}
      onChange={(value) => vm.setFilter(field, value)}
      error={vm.errors[field]}
      {...extra}
    />
  );
  return (
    <SearchForm
      className="console-form console-form-row"
      role="search"
      label={t('payments.filters')}
      onSearch={vm.load}
    >
      {text('ref', { hint: t('payments.refHint') })}
      {text('member', { hint: t('payments.memberHint') })}
      <Choice
        vm={vm}
        field="status"
        options={PAYMENT_STATUSES.map((s) => ({ value: s, label: t(`payment.status.${s}`) }))}
      />
      <Choice
        vm={vm}
        field="gateway"
        options={GATEWAY_KINDS.map((g) => ({ value: g, label: t(gatewayLabelKey(g)) }))}
      />
      {text('from', { type: 'date' })}
      {text('to', { type: 'date' })}
      {text('min_amount', { inputMode: 'decimal', hint: t('payments.amountHint') })}
      {text('max_amount', { inputMode: 'decimal', hint: t('payments.amountHint') })}
      <div className="console-actions">
        <SurfaceButton type="submit" tone="primary" disabled={vm.results.loading}>
          {t('payments.search')}
        </SurfaceButton>
        <SurfaceButton onClick={vm.clear} disabled={vm.results.loading}>
          {t('payments.clear')}
        </SurfaceButton>
      </div>
    </SearchForm>
  );
});
