// The validation-answer helpers are shared with the user's forms (the store screens): they live in lib/.
export {
  applyServerErrors,
  fieldErrorsOf,
  firstErrorLocale,
  toNamePath,
  type NamePath,
} from '../../../lib/form-errors';
