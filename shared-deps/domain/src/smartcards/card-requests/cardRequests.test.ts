import { cardRequestDetails } from './cardRequests';

describe('cardRequestDetails', () => {
  it("should read an operator's and a user's request options", () => {
    expect(cardRequestDetails({ comment: 'new starter', priority: 'urgent' })).toEqual({ comment: 'new starter', priority: 'urgent', cardTemplateName: null, self: false });
    expect(cardRequestDetails({ comment: 'worn out', cardTemplateId: 'x', cardTemplateName: 'staff', self: true })).toEqual({ comment: 'worn out', priority: null, cardTemplateName: 'staff', self: true });
  });
  it('should answer nothing for options it does not know', () => {
    expect(cardRequestDetails(null)).toEqual({ comment: null, priority: null, cardTemplateName: null, self: false });
    expect(cardRequestDetails({ comment: '', priority: 'high', self: 'yes' })).toEqual({ comment: null, priority: null, cardTemplateName: null, self: false });
  });
});
