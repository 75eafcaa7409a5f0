import { z } from 'zod';
import { ReferralCodeField } from './affiliates';
import { PageQuerySchema, pageOf } from './common/paging';
import {
  ADDRESS_KINDS,
  CHANNELS,
  PASSWORD_RULE,
  PLATFORMS,
  RESET_CODE,
  ROLES,
  USER_STATUSES,
  USER_TYPES,
  meetsPasswordRule,
} from './accounts-values';

/*
 * Accounts: registration, log-in, password reset, profile, addresses, countries and the
 * operator's user list. Validation messages are message keys (`accounts.*`, `validation.*`);
 * required-field messages read "Please enter {{field}}" with the label from `fields.<name>`.
 */

// The plain values live apart so a page can read them without this module's schemas (and zod).
export * from './accounts-values';

// ---- field building blocks (text is trimmed; an empty value is "Please enter {{field}}") ----

const text = (max: number) => z.string().trim().min(1).max(max);
const optionalText = (max: number) => z.string().trim().max(max).default('');
/** A valid address; the format check runs only on a non-empty value so one message shows. */
const EmailField = z.string().trim().min(1).max(254).pipe(z.email('validation.email'));
const PasswordField = z
  .string()
  .min(1)
  .pipe(z.string().max(PASSWORD_RULE.maxLength).refine(meetsPasswordRule, 'accounts.password-rule'));
/** ISO 3166 alpha-2, upper-cased. The server also checks that the code names a real country. */
export const CountryCodeField = z
  .string()
  .trim()
  .min(1)
  .transform((c) => c.toUpperCase())
  .pipe(z.string().regex(/^[A-Z]{2}$/, 'accounts.country-unknown'));

/** "Confirm password" must repeat the password (checked once both are filled in). */
function confirmMatches<T extends z.ZodType<{ password: string; confirmPassword: string }>>(schema: T) {
  return schema.refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'accounts.password-mismatch',
    // Run even when other fields failed, so the form shows every problem at once.
    when: ({ value }) => {
      const v = value as { password?: unknown; confirmPassword?: unknown } | undefined;
      return (
        typeof v?.password === 'string' &&
        v.password !== '' &&
        typeof v.confirmPassword === 'string' &&
        v.confirmPassword !== ''
      );
    },
  });
}

// ---- registration and log-in ----

export const REGISTER_FIELDS = [
  'username',
  'firstname',
  'lastname',
  'email',
  'phoneNumber',
  'country',
  'password',
  'confirmPassword',
  'platform',
  'channel',
  'userType',
  'agreement',
] as const;

export const RegisterBody = confirmMatches(
  z.object({
    username: text(64),
    firstname: text(64),
    lastname: text(64),
    email: EmailField,
    phoneNumber: text(32),
    country: CountryCodeField,
    password: PasswordField,
    confirmPassword: z.string().min(1),
    platform: z.enum(PLATFORMS),
    channel: z.enum(CHANNELS),
    userType: z.enum(USER_TYPES),
    agreement: z.literal(true, 'accounts.agreement-required'),
    /** An affiliate's referral code (typed, or kept from `?ref=`; issue 26). */
    ref: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), ReferralCodeField.optional()),
  }),
);
export type RegisterBody = z.infer<typeof RegisterBody>;

export const LoginBody = z.object({
  email: text(254),
  password: z.string().min(1).max(PASSWORD_RULE.maxLength),
});
export type LoginBody = z.infer<typeof LoginBody>;

/** What the client keeps as `user_info` after log-in. */
export const UserInfoSchema = z.object({
  userId: z.string(),
  username: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  country: z.string(),
  status: z.enum(USER_STATUSES),
  role: z.enum(ROLES),
  userType: z.enum(USER_TYPES),
});
export type UserInfo = z.infer<typeof UserInfoSchema>;

/** Answer of log-in and registration; `expiresIn` is in seconds (also the cookie's Max-Age). */
export const LoginResultSchema = z.object({
  accessToken: z.string(),
  shopName: z.string(),
  userId: z.string(),
  expiresIn: z.number().int(),
  userInfo: UserInfoSchema,
});
export type LoginResult = z.infer<typeof LoginResultSchema>;

// ---- password reset ----

export const SendResetCodeBody = z.object({ email: EmailField });
export type SendResetCodeBody = z.infer<typeof SendResetCodeBody>;

export const RESET_PASSWORD_FIELDS = ['email', 'emailCode', 'password', 'confirmPassword'] as const;

export const ResetPasswordBody = confirmMatches(
  z.object({
    email: EmailField,
    emailCode: z
      .string()
      .trim()
      .min(1)
      .pipe(z.string().regex(new RegExp(`^[0-9]{${RESET_CODE.length}}$`), 'accounts.code-format')),
    password: PasswordField,
    confirmPassword: z.string().min(1),
  }),
);
export type ResetPasswordBody = z.infer<typeof ResetPasswordBody>;

// ---- profile ----

export const UserProfileSchema = UserInfoSchema.extend({ taxId: z.string(), address: z.string() });
export type UserProfile = z.infer<typeof UserProfileSchema>;

export const PROFILE_FIELDS = [
  'username',
  'firstname',
  'lastname',
  'phoneNumber',
  'taxId',
  'country',
  'address',
] as const;

/** The whole editable profile (the e-mail address is not changed here); tax ID and address may be empty. */
export const UpdateProfileBody = z.object({
  username: text(64),
  firstname: text(64),
  lastname: text(64),
  phoneNumber: text(32),
  taxId: optionalText(64),
  country: CountryCodeField,
  address: optionalText(255),
});
export type UpdateProfileBody = z.infer<typeof UpdateProfileBody>;

// ---- addresses (billing and consignee) ----

/** Every one of these is required (SPEC §5 "Address"). */
export const ADDRESS_FIELDS = [
  'firstName',
  'lastName',
  'country',
  'company',
  'companyID',
  'vatnumber',
  'province',
  'city',
  'street',
  'houseNo',
  'address',
  'phoneNumber',
  'emails',
  'postCode',
] as const;

export const SaveAddressBody = z.object({
  firstName: text(64),
  lastName: text(64),
  country: CountryCodeField,
  company: text(128),
  companyID: text(64),
  vatnumber: text(64),
  province: text(64),
  city: text(64),
  street: text(128),
  houseNo: text(32),
  address: text(255),
  phoneNumber: text(32),
  emails: EmailField,
  postCode: text(16),
  kind: z.enum(ADDRESS_KINDS),
  /** Make this the default of its kind. The first address of a kind is the default anyway. */
  isDefault: z.boolean().default(false),
});
export type SaveAddressBody = z.infer<typeof SaveAddressBody>;
/** Create and update take the same body. */
export const CreateAddressBody = SaveAddressBody;
export type CreateAddressBody = SaveAddressBody;
export const UpdateAddressBody = SaveAddressBody;
export type UpdateAddressBody = SaveAddressBody;

export const AddressSchema = z.object({
  addrId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  country: z.string(),
  company: z.string(),
  companyID: z.string(),
  vatnumber: z.string(),
  province: z.string(),
  city: z.string(),
  street: z.string(),
  houseNo: z.string(),
  address: z.string(),
  phoneNumber: z.string(),
  emails: z.string(),
  postCode: z.string(),
  kind: z.enum(ADDRESS_KINDS),
  isDefault: z.boolean(),
  createdAt: z.string(),
});
export type Address = z.infer<typeof AddressSchema>;

export const ListAddressesQuery = z.object({ kind: z.enum(ADDRESS_KINDS).optional() });
export type ListAddressesQuery = z.infer<typeof ListAddressesQuery>;

export const AddressIdParams = z.object({ id: z.string() });

// ---- countries ----

export const CountrySchema = z.object({ code: z.string(), name: z.string() });
export type Country = z.infer<typeof CountrySchema>;
export const CountryListSchema = z.array(CountrySchema);

// ---- operator: users and the development mail outbox ----

export const AdminUserSchema = UserProfileSchema.extend({ createdAt: z.string() });
export type AdminUser = z.infer<typeof AdminUserSchema>;

export const ListUsersQuery = PageQuerySchema.extend({
  /** Part of the e-mail, user name, first or last name (case-insensitive). */
  keyword: z.string().trim().max(100).optional(),
  status: z.enum(USER_STATUSES).optional(),
});
export type ListUsersQuery = z.infer<typeof ListUsersQuery>;

export const UserIdParams = z.object({ id: z.string() });

export const UpdateUserStatusBody = z.object({ status: z.enum(USER_STATUSES) });
export type UpdateUserStatusBody = z.infer<typeof UpdateUserStatusBody>;

/** One message of the mail outbox; `sentAt` null and `error` set when delivery failed. */
export const MailOutboxEntrySchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  locale: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  error: z.string().nullable(),
});
export type MailOutboxEntry = z.infer<typeof MailOutboxEntrySchema>;

export const ListMailOutboxQuery = PageQuerySchema;
export type ListMailOutboxQuery = z.infer<typeof ListMailOutboxQuery>;
export const AddressListSchema = z.array(AddressSchema);
export const MailOutboxEntryPageSchema = pageOf(MailOutboxEntrySchema);
export const AdminUserPageSchema = pageOf(AdminUserSchema);
