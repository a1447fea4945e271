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
  /** 403: a teammate's roles are changed, or they are removed, by someone holding fewer permissions. */
  teammateHoldsMore: 'You cannot change a teammate who holds permissions you do not have.',
  /** 403: a role given (or invited with) that the caller does not hold. */
  cannotGrantPermission: 'You cannot grant a permission you do not have.',
  unsupportedContentType: 'Unsupported content type.',
  bodyTooLarge: 'The request body is too large.',
  /** A character the database cannot store (a NUL that no schema caught). */
  unstorableText: 'The request contains characters that cannot be stored.',
  /** 409: an x-mutation-id already used by another agent or for another request. */
  mutationIdReused: 'This mutation id was already used for a different request.',
  /** 403: the help center's visibility changed by an agent without `organization.update`. */
  helpCenterVisibility: 'Only an administrator can change who may read the help center.',
  /** Undo of a message whose delay is over (§4). */
  messageAlreadySent: 'This message has already been sent.',
  /** 403: a teammate's held reply is undone or released by someone who did not send it. */
  notYourReply: 'Only the agent who sent this reply can undo it.',
  /** 403: a teammate's reply that was not delivered is retried by someone who did not write it. */
  notYourRetry: 'Only the agent who sent this reply can retry it.',
  /** 400/409: a retry of a note, or of a reply that is not "not delivered" (cancelled). */
  notRetryable: 'Only a reply that was not delivered can be retried.',
} as const;
