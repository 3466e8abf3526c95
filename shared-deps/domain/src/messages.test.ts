import { ERROR_MESSAGES, MESSAGES, messageForErrorCode, pinRequirementsDescription, unexpectedErrorMessage, withReason } from './messages';

describe('MESSAGES', () => {
  it('should carry the spec texts exactly', () => {
    expect(MESSAGES.INVALID_CREDENTIALS).toBe('Check Username and Password');
    expect(MESSAGES.PAGE_NOT_FOUND).toBe('Sorry, the page you requested was not found.');
    expect(MESSAGES.NO_ROUTE_MATCHES).toBe('No route matches URL');
    expect(MESSAGES.UNEXPECTED_ERROR_TITLE).toBe('Unexpected Error');
    expect(MESSAGES.PIN_LENGTH).toBe('PIN must be between 6-8 numbers');
    expect(MESSAGES.TOO_MANY_REQUESTS_BODY).toBe("You're making too many requests too quickly! Please slow down.");
    expect(MESSAGES.usernameCharacterNotAllowed('#')).toBe("The character '#' is not allowed in usernames.");
  });
  it("should describe PIN requirements as 'PIN must be between 6-8 numbers' for 6-8 digits, and in characters otherwise", () => {
    expect(pinRequirementsDescription({ minLength: 6, maxLength: 8, digitsOnly: true })).toBe('PIN must be between 6-8 numbers');
    expect(pinRequirementsDescription({ minLength: 4, maxLength: 6, digitsOnly: true })).toBe('PIN must be between 4-6 numbers');
    expect(MESSAGES.pinRequirementsDescription({ minLength: 4, maxLength: 12, digitsOnly: false })).toBe('PIN must be between 4-12 characters');
  });
  it('should name an unknown username as the person typed it (issue 18)', () => {
    expect(MESSAGES.notAUserOfTenant('bob')).toBe("'bob' is not a user of this tenant.");
  });
  it('should put the support address into the Unexpected Error message', () => {
    expect(unexpectedErrorMessage('help@example.com')).toBe('An unexpected error occurred, please download the error file and send to: help@example.com');
    expect(MESSAGES.unexpectedErrorMessage('x@y')).toBe(unexpectedErrorMessage('x@y'));
  });
  it('should have a text for every error code', () => {
    expect(messageForErrorCode('INVALID_CREDENTIALS')).toBe('Check Username and Password');
    for (const text of Object.values(ERROR_MESSAGES)) expect(text).toEqual(expect.any(String));
  });
  it('should carry the ticket, pass and card-status texts of admin-console §8 exactly (issue 6)', () => {
    expect([
      MESSAGES.SMARTCARD_REQUEST_SUCCESS,
      MESSAGES.SMARTCARD_REQUEST_FAILED,
      MESSAGES.GALLAGHER_CARD_STATUS_UPDATED,
      MESSAGES.GALLAGHER_CARD_STATUS_FAILED,
      MESSAGES.PASS_CARD_STATUS_UPDATED,
      MESSAGES.PASS_CARD_STATUS_FAILED,
      MESSAGES.PASSES_FETCH_FAILED,
      MESSAGES.PASS_ISSUED,
      MESSAGES.PASS_ISSUE_FAILED,
      MESSAGES.GUEST_PASS_ISSUED,
      MESSAGES.GUEST_PASS_ISSUE_FAILED,
      MESSAGES.PASS_PRINT_REQUESTED,
      MESSAGES.PASS_PRINT_FAILED,
      MESSAGES.SMARTCARD_EXPIRY_UPDATE_FAILED,
      MESSAGES.TICKET_UNASSIGNED,
      MESSAGES.TICKET_ASSIGNED,
      MESSAGES.TICKET_ASSIGN_FAILED,
      MESSAGES.TICKETS_CLOSED,
      MESSAGES.TICKETS_CLOSE_FAILED,
      MESSAGES.TICKET_SUBMIT_FAILED,
      MESSAGES.TICKET_NO_CHANGES,
      ...['Add', 'Update', 'Delete'].map((action) => MESSAGES.ticketMessagesFailed(action)),
    ]).toEqual([
      'Successfully processed smartcard request',
      'An error occurred while sending smartcard request',
      'Successfully updated card status',
      'Unable to update card status',
      'Card status updated',
      'An error occurred while updating card status',
      'An error occurred while retrieving temporary smartcards',
      'Temporary pass issued',
      'Failed to issue temporary pass',
      'Temporary guest pass issued',
      'Failed to issue temporary guest pass',
      'Successfully sent request to print temporary smartcards',
      'An error occurred while sending request to print temporary smartcards',
      'An error occurred while sending request to update smartcard expiry',
      'Ticket unassigned successfully.',
      'Ticket assigned successfully.',
      'Failed to assign ticket',
      'Selected tickets have been closed.',
      'Failed to close tickets.',
      'An error occurred during ticket submission',
      'No changes were made to the support ticket.',
      'Add ticket messages failed',
      'Update ticket messages failed',
      'Delete ticket messages failed',
    ]);
  });
});

describe('withReason', () => {
  it('should join a title and its reason with a colon, or as the next sentence after a full stop', () => {
    expect(withReason('Smartcard could not be issued', 'no reader')).toBe('Smartcard could not be issued: no reader');
    expect(withReason('Could not change card PIN.', 'Incorrect PIN provided.')).toBe('Could not change card PIN. Incorrect PIN provided.');
    expect(withReason('VSC issued successfully!', 'x')).toBe('VSC issued successfully! x');
  });
});
