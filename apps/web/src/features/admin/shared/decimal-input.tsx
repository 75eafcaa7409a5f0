// The operator console's number fields are the shared ones (SPEC §5 input helpers), kept under
// this name so the admin pages import them as before.
export { DecimalInput, MoneyInput, type DecimalInputProps } from '../../../components/ui/amount-input';
