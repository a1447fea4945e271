/**
 * The `error` strings the API answers (§8 shows an `error` string as it is). The UI may compare
 * against these, e.g. to offer the organization choice after a 409.
 */
export const API_ERRORS = {
  notSignedIn: 'Not signed in.',
  forbidden: 'You do not have permission to do this.',
  notFound: 'Not found.',
  invalidJson: 'Invalid JSON body.',
  incorrectCredentials: 'Incorrect email or password.',
  chooseOrganization: 'Choose an organization.',
  invalidLink: 'This link is invalid or has expired.',
  alreadyMember: 'You are already a member of this team.',
  ownerCannotBeRemoved: 'The owner of the organization cannot be removed.',
  cannotRemoveYourself: 'You cannot remove yourself.',
  ownerRolesFixed: "The owner's roles cannot be changed.",
  unsupportedContentType: 'Unsupported content type.',
  bodyTooLarge: 'The request body is too large.',
  /** Undo of a message whose delay is over (§4). */
  messageAlreadySent: 'This message has already been sent.',
} as const;
