/**
 * The preferred-shipping module's public face (decision 0116): store orders price their shipments
 * with `chooseShipping` (and `requireShipping` when nothing ships), and subscribe to
 * `onPreferenceChange` in composition.ts to re-price the orders not yet paid.
 */
export {
  chooseShipping,
  requireShipping,
  type ChooseShippingInput,
  type ShipmentChoice,
  type ShippingChoice,
} from './preferred-shipping.pricing';
export {
  onPreferenceChange,
  type PreferenceChange,
  type PreferenceChangeHandler,
  type PreferenceScope,
} from './preferred-shipping.hooks';
