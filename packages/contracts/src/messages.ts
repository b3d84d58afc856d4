/** User-facing texts that both the API and the web app show, word for word from the product spec. */
export const MESSAGES = {
  invalidEmail: 'Please enter a valid email address.',
  blockedDomain: 'This email domain is not allowed.',
  passwordLength: 'Password must be 8-16 characters long.',
  passwordCharacters: 'Password must contain an alphabet, a digit, and a symbol.',
  loginFieldsRequired: 'Please enter your email and password.',
  invalidCredentials: 'Invalid email or password',
  userExists: 'User already exists',
  currencyRequired: 'Default currency is required',
  currencyUnsupported: 'This currency is not supported.',
  invalidTimeZone: 'Unknown time zone.',
  noToken: 'Not authorized, no token',
  tokenFailed: 'Not authorized, token failed',
  serverError: 'Server Error',
  loginFailed: 'Login failed. Please try again.',
  signupFailed: 'Signup failed. Please try again.',
  setupFailed: 'Setup failed. Please try again.',
} as const;
