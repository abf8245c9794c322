// Exact user-facing texts of the validation rules. Texts marked "ours" are ones we wrote; the others are used word for word.

export const AGENCY_MESSAGES = {
  customDomainRequired: 'Please enter a custom domain',
  subdomainRequired: (host: string) => `Please input a subdomain: "${host}"`,
  domainOnAnotherAccount: 'This domain already exists on another account.',
  subdomainTaken: 'This domain already exists. Please try another one.',
  emailDomainAlreadyAdded: 'This domain is already added.',
  invalidFont: 'This font name is not a valid one, please double check font name.',
  tabHrefLeadingSlash: 'URL must include a leading slash (/)',
  tabHrefReserved: 'This URL is reserved for a default tab',
  tabHrefDuplicate: 'This URL is already used by another tab',
  planFeatureText: 'Each plan must have at least one feature with text',
  planFeatureMax: 'Maximum of 5 features allowed',
  planFeatureLast: 'Each plan must have at least one feature',
  invalidNumber: 'Please enter a valid number',
  plansNeedSteps: 'Please complete steps 1 and 2 & click save billing settings before setting up subscription plans.',
  /** ours */
  subdomainInvalid: 'Please enter a valid subdomain',
  /** ours */
  emailDomainInvalid: 'Please enter a valid root domain, e.g. example.com',
} as const;

export const WORKSPACE_MESSAGES = {
  invalidEmail: 'Please enter a valid email',
  inviteSelf: "You can't invite yourself lol",
  /** The invite form, when the member count reached the seat limit. */
  seatLimit: 'You have reached the maximum number of seats.',
  /** The server, refusing to grow workspaceEmails past the seat limit. */
  notEnoughSeats: 'Failed to add user to workspace, workspace does not have enough seats',
  workspaceNameRequired: 'Please enter a workspace name.',
  removeSelf: 'You cannot remove yourself from the workspace.',
  clientLoginRequired: 'Please enter your email and password.',
  /** ours: code login needs an e-mail (otherwise the button would do nothing). */
  clientEmailRequired: 'Please enter your email.',
  loginRequired: 'You must be logged in to create an agent',
  deletePersonalWorkspace: 'The personal workspace cannot be deleted.',
} as const;

export const AGENT_MESSAGES = {
  nameRequired: 'Please provide a name for the agent.',
  maxUploadSize: (mb: number) => `Max size: ${mb} MBs`,
  uploadType: (accept: string) => `Only ${accept} Files`,
  saveFirst: 'Please save and publish first.',
  dialogueKeyRequired: 'Please provide your dialogue API key and try again.',
  maxChunkSize: 'Max chunk size must be greater than 1000',
} as const;

export const CHANNEL_MESSAGES = {
  discordFields: 'Please fill out all fields.',
  telegramToken: 'Please provide a valid token.',
  waPhoneAndId: 'Please provide a valid phone number and ensure the ID is reachable.',
  waCountryCode: 'Please include the country code in the phone number.',
  waMessage: 'Please enter a message to send.',
  waInitiate: 'You must initiate the conversation with this number before sending a message.',
  waTemplate: 'Invalid template info',
  googleBusinessFields: 'Please fill in the required fields',
} as const;

export const BILLING_MESSAGES = {
  paymentMethodRequired: 'Please add a payment method to continue',
  freePlanAutoRecharge: 'You are on the free plan. You cannot enable auto-recharge.',
  addressIncomplete: 'Please complete all required address fields',
  notOrgAdmin: 'You are not an admin',
  discountEmpty: 'Please enter a discount code',
  discountInvalid: 'Invalid discount code',
  addonsNeedSubscription: 'You need an active subscription to add addons',
  addonsNoChanges: 'No changes to save',
  paymentFailedStatus: (status: string) => `Payment failed with status: ${status}`,
  autoRechargeUpdated: (amount: number, threshold: number) =>
    `Auto-recharge settings updated successfully. Will charge $${amount} when credits drop below ${threshold}.`,
  autoRechargeDisabled: 'Auto-recharge disabled.',
  /** ours */
  creditsMin: (min: number) => `Minimum purchase is ${min.toLocaleString('en-US')} credits`,
  creditsMax: (max: number) => `Maximum purchase is ${max.toLocaleString('en-US')} credits`,
  creditsStep: (step: number) => `Credits must be a multiple of ${step}`,
  rangeMin: (label: string, min: number) => `${label} must be at least ${min}`,
  rangeMax: (label: string, max: number) => `${label} must be at most ${max}`,
  rangeStep: (label: string, step: number) => `${label} must be a multiple of ${step}`,
  invalidAmount: (label: string) => `${label} must be a number`,
  topUpMin: (symbol: string, min: number) => `Minimum top-up is ${symbol}${min}`,
  topUpFreePlan: 'You are on the free plan. You cannot top up.',
  cancelReasonRequired: 'Please select a reason',
  cancelReasonSpecify: 'Please specify',
  addonQuantityMin: 'Quantity cannot be below 0',
  addonQuantityMax: (max: number) => `Quantity cannot be above ${max}`,
} as const;

/** Refusals when a plan limit is reached (ours). */
export const PLAN_LIMIT_MESSAGES = {
  agents: (limit: number) =>
    `Your plan allows ${limit} agent${limit === 1 ? '' : 's'}. Upgrade your plan or delete an agent to create another.`,
  clientSeats: (limit: number) =>
    `Your plan allows ${limit} client seat${limit === 1 ? '' : 's'}. Add client seats to your plan or remove a client to add another.`,
  concurrentCalls: (limit: number) =>
    `Your plan allows ${limit} concurrent call${limit === 1 ? '' : 's'}. Add concurrent call lines to your plan for more.`,
  phoneNumbers: (limit: number) =>
    limit === 0
      ? 'Your plan includes no phone numbers. Add phone number slots to your plan to connect one.'
      : `Your plan allows ${limit} phone number${limit === 1 ? '' : 's'}. Add phone number slots to your plan to connect another.`,
} as const;

export const ORG_MESSAGES = {
  addClientFields: 'Please fill out all fields.',
  clientExists: (orgId: string) => `Client already exists to org: ${orgId}`,
  nameRequired: 'Organization name is required.',
  idMissing: 'Organization ID is missing. Please try again or contact support.',
  transferAmount: 'Please enter a valid amount to transfer.',
  notEnoughWorkspace: 'Not enough credits in workspace.',
  notEnoughOrg: 'Not enough credits in org.',
  /** ours */
  disabledAccessMessageTooLong: (max: number) => `Message must be at most ${max} characters`,
} as const;

export const TOOL_MESSAGES = {
  /** ours */
  descriptionTooLong: (max: number) => `Description must be at most ${max} characters`,
  /** ours */
  invalidServerUrl: 'Please enter a valid URL',
} as const;
