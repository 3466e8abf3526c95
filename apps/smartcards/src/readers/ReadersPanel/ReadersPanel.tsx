import { useState, type FormEvent } from 'react';
import { Button, Label, Text, TextInput } from '@primer/react';
import { validatePin, type CardPinRequirements, type CardReader } from '@tessera/domain';
import type { AgentStatus, PinValidation } from '../readers.slice';

/** Props of {@link ReadersPanel}. */
export interface ReadersPanelProps {
  /** Link state of the local security client. */
  agent: AgentStatus;
  /** Why connecting failed. */
  failure: string | null;
  readers: CardReader[];
  pin: Record<string, PinValidation>;
  /**
   * The tenant's card PIN requirements, when known: a PIN they refuse gets their text at once and is
   * never sent. Unknown (null): the server call checks it, with the default 6–8 digits as fallback.
   */
  requirements?: CardPinRequirements | null;
  /** Asks to validate a card PIN. */
  onValidatePin: (readerName: string, pin: string) => void;
  /** Asks to connect again. */
  onReconnect: () => void;
}

const AGENT_TEXT: Record<AgentStatus, string> = {
  idle: 'Not connected',
  connecting: 'Connecting to the local CMS Client…',
  connected: 'Connected',
  failed: 'Not connected',
  noClient: 'No CMS Client connected',
};

interface PinFormProps {
  reader: CardReader;
  validation: PinValidation | undefined;
  requirements: CardPinRequirements | null;
  onValidatePin: ReadersPanelProps['onValidatePin'];
}

function PinForm({ reader, validation, requirements, onValidatePin }: PinFormProps) {
  const [pin, setPin] = useState('');
  // A PIN the tenant's rules refuse stays in the browser (signin §5): its text shows, nothing is sent.
  const [refused, setRefused] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = requirements
      ? validatePin(pin, { minLength: requirements.minLength, maxLength: requirements.maxLength, digitsOnly: requirements.digitsOnly, message: requirements.description })
      : null;
    setRefused(problem);
    if (!problem) onValidatePin(reader.name, pin);
    setPin('');
  };
  const shown = refused !== null ? { ok: false, message: refused } : validation && validation.status !== 'processing' ? { ok: validation.status === 'success', message: validation.message } : null;
  return (
    <form onSubmit={submit} style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
      <TextInput
        type="password"
        inputMode={requirements && !requirements.digitsOnly ? 'text' : 'numeric'}
        autoComplete="off"
        aria-label={`Card PIN for ${reader.name}`}
        aria-invalid={refused !== null ? true : undefined}
        value={pin}
        onChange={(e) => setPin(e.target.value)}
        size="small"
      />
      <Button type="submit" size="small" disabled={validation?.status === 'processing' || pin === ''}>
        Validate PIN
      </Button>
      {shown ? (
        <Text role="status" size="small" style={{ color: shown.ok ? 'var(--fgColor-success)' : 'var(--fgColor-danger)' }}>
          {shown.message}
        </Text>
      ) : null}
    </form>
  );
}

/** The live readers table (signin §3 "Smartcard reader"): reader, card, ATR, serial, type, status, printer, processing. */
export function ReadersPanel({ agent, failure, readers, pin, requirements = null, onValidatePin, onReconnect }: ReadersPanelProps) {
  return (
    <section aria-label="Card readers">
      <p style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
        <Text weight="semibold">Security client:</Text>
        <Label variant={agent === 'connected' ? 'success' : agent === 'connecting' ? 'attention' : 'danger'} data-testid="agent-status">
          {AGENT_TEXT[agent]}
        </Label>
        {agent === 'failed' || agent === 'noClient' ? (
          <Button size="small" onClick={onReconnect}>
            Connect
          </Button>
        ) : null}
      </p>
      {failure ? <Text as="p" style={{ color: 'var(--fgColor-danger)' }}>{failure}</Text> : null}
      <div data-table-scroll style={{ overflowX: 'auto', maxWidth: '100%' }}>
<table aria-label="Readers" style={{ width: '100%', borderCollapse: 'collapse' }}>
        <thead>
          <tr>
            {['Reader', 'Card', 'ATR', 'Serial', 'Card type', 'Status', 'Printer', 'Processing', 'PIN'].map((h) => (
              <th key={h} scope="col" style={{ textAlign: 'left', padding: 4 }}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {readers.length === 0 ? (
            <tr>
              <td colSpan={9} style={{ padding: 4 }}>
                No readers
              </td>
            </tr>
          ) : (
            readers.map((reader) => (
              <tr key={reader.name} aria-label={reader.name}>
                <th scope="row" style={{ textAlign: 'left', padding: 4 }}>
                  {reader.name}
                </th>
                <td style={{ padding: 4 }}>{reader.cardPresent ? 'Card present' : 'No card'}</td>
                <td style={{ padding: 4, fontFamily: 'monospace', wordBreak: 'break-all' }}>{reader.smartcard?.atr ?? ''}</td>
                <td style={{ padding: 4 }}>{reader.smartcard?.serialNumber ?? ''}</td>
                <td style={{ padding: 4 }}>{reader.smartcard?.cardType ?? ''}</td>
                <td style={{ padding: 4 }}>{reader.status}</td>
                <td style={{ padding: 4 }}>{reader.printer ? `${reader.printer.name}${reader.printer.isCardPrinter ? ' (card printer)' : ''}` : ''}</td>
                <td style={{ padding: 4 }}>{reader.processing ? 'Processing' : ''}</td>
                <td style={{ padding: 4 }}>{reader.cardPresent ? <PinForm reader={reader} validation={pin[reader.name]} requirements={requirements} onValidatePin={onValidatePin} /> : null}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
</div>
    </section>
  );
}
