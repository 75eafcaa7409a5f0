/**
 * The checkout module's public face for other modules (decision 0066): the submit step (orders)
 * verifies a confirm token here and reads the tax rate of a destination.
 */
export { verifyConfirmToken, signConfirmToken } from './checkout.token';
export { onTaxRateChange, type TaxRateChange, taxRateBpsFor } from './tax-rates.service';
export { checkoutSettings, confirmOrder, type ConfirmInput, type ConfirmSettings } from './checkout.confirm.service';
export { applyPriceTiers, purchaseTypeOf, type TieredPrice } from './checkout.tiers';
export { planShipmentsFor, type QuotedShipmentPlan, type ShippingLine } from './checkout.plan';
export type { MethodTotal, PlannedShipment, ShipmentPlan } from './checkout.shipments';
