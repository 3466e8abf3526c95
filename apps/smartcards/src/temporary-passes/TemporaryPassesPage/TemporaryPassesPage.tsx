import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Button, Select } from '@primer/react';
import { MESSAGES, PASS_TYPES, PASS_TYPE_LABELS, formatPassTime, normalisePassNumber, type PassType, type TemporaryPass } from '@tessera/domain';
import { FormError, PageLayout, TextField } from '@tessera/ui';
import { temporaryPassesActions as A, temporaryPassesSelectors } from '../temporaryPasses.slice';

/** Today as YYYY-MM-DD in the browser's calendar (the day the operator picks; the server applies the tenant's zone). */
export function todayIso(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

const STATUS_LABELS: Record<string, string> = { AVAILABLE: 'Available', ISSUED: 'Issued', RETURNED: 'Returned', MISPLACED: 'Misplaced', INACTIVE: 'Inactive' };
const cell = { textAlign: 'left' as const, padding: '6px 10px', borderBottom: '1px solid var(--borderColor-default, #d1d9e0)' };
const row = { display: 'flex', gap: 16, alignItems: 'flex-end', flexWrap: 'wrap' as const };
const section = { border: '1px solid var(--borderColor-default, #d1d9e0)', borderRadius: 6, padding: 16, marginBottom: 16 };

function holder(p: TemporaryPass): string {
  if (p.cardType === 'guest') return [p.givenName, p.lastName].filter(Boolean).join(' ') || '–';
  return p.username ?? '–';
}

function PassTable({ label, passes, actions, timeZone }: { label: string; passes: TemporaryPass[]; actions: (p: TemporaryPass) => ReactNode; timeZone: string }) {
  return (
    <div data-table-scroll style={{ overflowX: 'auto', maxWidth: '100%', marginBottom: 16 }}>
    <table aria-label={label} style={{ width: '100%', borderCollapse: 'collapse' }}>
      <thead>
        <tr>
          {['Pass number', 'Type', 'Status', 'Holder', 'Valid from', 'Expires', 'Reason', 'Actions'].map((h) => (
            <th key={h} scope="col" style={cell}>
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {passes.length === 0 ? (
          <tr>
            <td colSpan={8} style={cell}>
              No passes
            </td>
          </tr>
        ) : (
          passes.map((p) => (
            <tr key={p.passNumber}>
              <td style={cell}>{p.passNumber}</td>
              <td style={cell}>{PASS_TYPE_LABELS[p.cardType]}</td>
              <td style={cell}>{STATUS_LABELS[p.status] ?? p.status}</td>
              <td style={cell}>{holder(p)}</td>
              <td style={cell}>{formatPassTime(p.validDate, timeZone)}</td>
              <td style={cell}>{formatPassTime(p.expirationDate, timeZone)}</td>
              <td style={cell}>{p.reason ?? '–'}</td>
              <td style={{ ...cell, display: 'flex', gap: 4, flexWrap: 'wrap' }}>{actions(p)}</td>
            </tr>
          ))
        )}
      </tbody>
    </table>
    </div>
  );
}

function TypeSelect({ id, value, onChange }: { id: string; value: PassType; onChange: (v: PassType) => void }) {
  return (
    <Select id={id} value={value} onChange={(e) => onChange(e.target.value as PassType)}>
      {PASS_TYPES.map((t) => (
        <Select.Option key={t} value={t}>
          {PASS_TYPE_LABELS[t]}
        </Select.Option>
      ))}
    </Select>
  );
}

/**
 * `/credentials/smartcards/manage` [smartcardTemporary]: the temporary passes screen (admin-console
 * §2.3): issue to a user or a guest, return, misplaced (lost or stolen), activate or deactivate, batch
 * print, availability, and the issued and available lists. Pass numbers are padded to 5 before sending.
 */
export function TemporaryPassesPage() {
  const dispatch = useDispatch();
  const { lists, accounts, availability, userPasses, busy, error, status } = useSelector(temporaryPassesSelectors.selectPasses);
  const [userForm, setUserForm] = useState({ passNumber: '', userID: '', day: todayIso() });
  const [guestForm, setGuestForm] = useState({ givenName: '', lastName: '', passNumber: '', day: todayIso() });
  const [check, setCheck] = useState<{ type: PassType; passNumber: string }>({ type: 'guest', passNumber: '' });
  const [print, setPrint] = useState<{ quantity: string; cardType: PassType }>({ quantity: '10', cardType: 'guest' });
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    dispatch(A.passesRequested());
  }, [dispatch]);

  const passNumberError = (key: string, raw: string): boolean => {
    if (normalisePassNumber(raw) !== null) return false;
    setFieldErrors((e) => ({ ...e, [key]: MESSAGES.PASS_NUMBER_INVALID }));
    return true;
  };
  const clear = (key: string) => setFieldErrors(({ [key]: _gone, ...rest }) => rest);

  const issueToUser = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (passNumberError('user', userForm.passNumber)) return;
    clear('user');
    dispatch(A.issueToUserRequested({ passNumber: userForm.passNumber, userID: userForm.userID, validDate: userForm.day, expirationDate: userForm.day }));
  };
  const issueToGuest = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (passNumberError('guest', guestForm.passNumber)) return;
    clear('guest');
    dispatch(
      A.issueToGuestRequested({ givenName: guestForm.givenName, lastName: guestForm.lastName, passNumber: guestForm.passNumber, validDate: guestForm.day, expirationDate: guestForm.day }),
    );
  };
  const checkAvailability = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (passNumberError('check', check.passNumber)) return;
    clear('check');
    dispatch(A.availabilityRequested(check));
  };
  const requestPrint = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const quantity = Number(print.quantity);
    if (!Number.isInteger(quantity) || quantity < 1 || quantity > 500) {
      setFieldErrors((e) => ({ ...e, print: 'Please enter a whole number from 1 to 500.' }));
      return;
    }
    clear('print');
    dispatch(A.batchPrintRequested({ quantity, cardType: print.cardType }));
  };

  const misplacedButtons = (p: TemporaryPass) => (
    <>
      <Button size="small" aria-label={`Mark ${p.passNumber} lost`} disabled={busy} onClick={() => dispatch(A.misplacedRequested({ reason: 'lost', passNumber: p.passNumber }))}>
        Lost
      </Button>
      <Button size="small" aria-label={`Mark ${p.passNumber} stolen`} disabled={busy} onClick={() => dispatch(A.misplacedRequested({ reason: 'stolen', passNumber: p.passNumber }))}>
        Stolen
      </Button>
    </>
  );
  const deactivate = (p: TemporaryPass) => (
    <Button size="small" aria-label={`Deactivate ${p.passNumber}`} disabled={busy} onClick={() => dispatch(A.activationRequested({ status: 'inactive', passNumber: p.passNumber }))}>
      Deactivate
    </Button>
  );

  return (
    <PageLayout title="Temporary passes">
      {status === 'failed' ? <FormError>{MESSAGES.PASSES_FETCH_FAILED}</FormError> : null}
      {error ? <FormError>{error}</FormError> : null}
      <p>A pass is valid from 00:00 to 23:59:59 of the chosen day in the tenant&apos;s time zone ({lists.timeZone}).</p>

      <section aria-label="Issue a pass to a user" style={section}>
        <h2 style={{ fontSize: 18, marginTop: 0 }}>Issue a pass to a user</h2>
        <form aria-label="Issue a pass to a user" onSubmit={issueToUser} style={row} noValidate>
          <TextField label="Pass number" id="user-pass" inputMode="numeric" value={userForm.passNumber} error={fieldErrors.user} onChange={(e) => setUserForm({ ...userForm, passNumber: e.target.value })} />
          <div style={{ display: 'flex', flexDirection: 'column', gap: 4, marginBottom: 16 }}>
            <label htmlFor="user-account">User</label>
            <Select
              id="user-account"
              value={userForm.userID}
              onChange={(e) => {
                setUserForm({ ...userForm, userID: e.target.value });
                dispatch(A.userPassesRequested(e.target.value));
              }}
            >
              <Select.Option value="">Choose a user</Select.Option>
              {accounts.map((a) => (
                <Select.Option key={a.userID} value={a.userID}>
                  {a.username}
                </Select.Option>
              ))}
            </Select>
          </div>
          {userPasses && userPasses.userId === userForm.userID ? (
            <p role="status" aria-label="Passes of this user" style={{ marginBottom: 16 }}>
              {userPasses.passes.length === 0
                ? 'This user holds no pass.'
                : `This user's passes: ${userPasses.passes.map((p) => `${p.passNumber} (${STATUS_LABELS[p.status] ?? p.status})`).join(', ')}`}
            </p>
          ) : null}
          <TextField label="Valid on" id="user-day" type="date" value={userForm.day} onChange={(e) => setUserForm({ ...userForm, day: e.target.value })} />
          <div style={{ marginBottom: 16 }}>
            <Button type="submit" variant="primary" disabled={busy || userForm.userID === ''}>
              Issue pass
            </Button>
          </div>
        </form>
      </section>

      <section aria-label="Issue a pass to a guest" style={section}>
        <h2 style={{ fontSize: 18, marginTop: 0 }}>Issue a pass to a guest</h2>
        <form aria-label="Issue a pass to a guest" onSubmit={issueToGuest} style={row} noValidate>
          <TextField label="Given name" id="guest-given" value={guestForm.givenName} onChange={(e) => setGuestForm({ ...guestForm, givenName: e.target.value })} />
          <TextField label="Last name" id="guest-last" value={guestForm.lastName} onChange={(e) => setGuestForm({ ...guestForm, lastName: e.target.value })} />
          <TextField label="Guest pass number" id="guest-pass" inputMode="numeric" value={guestForm.passNumber} error={fieldErrors.guest} onChange={(e) => setGuestForm({ ...guestForm, passNumber: e.target.value })} />
          <TextField label="Guest valid on" id="guest-day" type="date" value={guestForm.day} onChange={(e) => setGuestForm({ ...guestForm, day: e.target.value })} />
          <div style={{ marginBottom: 16 }}>
            <Button type="submit" variant="primary" disabled={busy}>
              Issue guest pass
            </Button>
          </div>
        </form>
      </section>

      <section aria-label="Availability and printing" style={{ ...section, display: 'flex', gap: 32, flexWrap: 'wrap' }}>
        <form aria-label="Check availability" onSubmit={checkAvailability} style={row} noValidate>
          <div style={{ display: 'flex', flexDirection: 'column', gap: 4, marginBottom: 16 }}>
            <label htmlFor="check-type">Pass type</label>
            <TypeSelect id="check-type" value={check.type} onChange={(type) => setCheck({ ...check, type })} />
          </div>
          <TextField label="Pass number to check" id="check-pass" inputMode="numeric" value={check.passNumber} error={fieldErrors.check} onChange={(e) => setCheck({ ...check, passNumber: e.target.value })} />
          <div style={{ marginBottom: 16 }}>
            <Button type="submit">Check availability</Button>
          </div>
          {availability ? (
            <p role="status" style={{ marginBottom: 16 }}>
              Pass {availability.passNumber}: {STATUS_LABELS[availability.status] ?? availability.status}
              {availability.available ? '' : ' (cannot be issued as this type)'}
            </p>
          ) : null}
        </form>
        <form aria-label="Batch print" onSubmit={requestPrint} style={row} noValidate>
          <TextField label="Quantity" id="print-quantity" inputMode="numeric" value={print.quantity} error={fieldErrors.print} onChange={(e) => setPrint({ ...print, quantity: e.target.value })} />
          <div style={{ display: 'flex', flexDirection: 'column', gap: 4, marginBottom: 16 }}>
            <label htmlFor="print-type">Card type</label>
            <TypeSelect id="print-type" value={print.cardType} onChange={(cardType) => setPrint({ ...print, cardType })} />
          </div>
          <div style={{ marginBottom: 16 }}>
            <Button type="submit" disabled={busy}>
              Request print
            </Button>
          </div>
        </form>
      </section>

      <h2 style={{ fontSize: 18 }}>Issued passes</h2>
      <PassTable
        timeZone={lists.timeZone}
        label="Issued passes"
        passes={lists.issued}
        actions={(p) => (
          <>
            <Button size="small" aria-label={`Return ${p.passNumber}`} disabled={busy} onClick={() => dispatch(A.returnRequested(p.passNumber))}>
              Return
            </Button>
            {misplacedButtons(p)}
            {deactivate(p)}
          </>
        )}
      />
      <h2 style={{ fontSize: 18 }}>Available passes</h2>
      <PassTable
        timeZone={lists.timeZone}
        label="Available passes"
        passes={lists.available}
        actions={(p) => (
          <>
            {misplacedButtons(p)}
            {deactivate(p)}
          </>
        )}
      />
      <h2 style={{ fontSize: 18 }}>Returned, misplaced and inactive passes</h2>
      <PassTable
        timeZone={lists.timeZone}
        label="Unavailable passes"
        passes={lists.unavailable}
        actions={(p) => (
          <Button size="small" aria-label={`Reactivate ${p.passNumber}`} disabled={busy} onClick={() => dispatch(A.activationRequested({ status: 'active', passNumber: p.passNumber }))}>
            Reactivate
          </Button>
        )}
      />
    </PageLayout>
  );
}
