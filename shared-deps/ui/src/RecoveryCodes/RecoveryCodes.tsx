import { forwardRef, useState, type ComponentPropsWithoutRef } from 'react';
import { Button, Heading, Text } from '@primer/react';
import { downloadTextFile } from '../downloadTextFile';

/** Props of {@link RecoveryCodes}. Extra props go to the `<section>`. */
export interface RecoveryCodesProps extends ComponentPropsWithoutRef<'section'> {
  /** The codes, shown once. */
  codes: readonly string[];
  /** Heading text. @default 'Recovery codes' */
  title?: string;
  /** Accessible name of the list. @default the title */
  listLabel?: string;
  /** File name of the download. @default 'tessera-recovery-codes.txt' */
  fileName?: string;
}

/**
 * Recovery codes as a person must handle them: a heading, "save these now" (they are shown once), the
 * codes in a box, and Copy and Download buttons.
 */
export const RecoveryCodes = forwardRef<HTMLElement, RecoveryCodesProps>(function RecoveryCodes(
  { codes, title = 'Recovery codes', listLabel, fileName = 'tessera-recovery-codes.txt', style, ...rest },
  ref,
) {
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const text = `${codes.join('\n')}\n`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied('yes');
    } catch {
      setCopied('no');
    }
  };
  return (
    <section
      ref={ref}
      aria-label={title}
      style={{ border: '1px solid var(--borderColor-attention-muted, #d4a72c66)', background: 'var(--bgColor-attention-muted, #fff8c5)', borderRadius: 6, padding: 16, margin: '16px 0', ...style }}
      {...rest}
    >
      <Heading as="h2" style={{ fontSize: 16, marginTop: 0 }}>
        {title}
      </Heading>
      <Text as="p" style={{ fontWeight: 600 }}>
        Save these codes now: they are shown only once.
      </Text>
      <Text as="p">Each code signs you in once if you lose your authenticator app. Keep them somewhere safe, such as a password manager.</Text>
      <ul aria-label={listLabel ?? title} style={{ fontFamily: 'var(--fontStack-monospace, monospace)', listStyle: 'none', padding: 0, display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))', gap: 4 }}>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div style={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }}>
        <Button type="button" size="small" onClick={() => void copy()}>
          Copy codes
        </Button>
        <Button type="button" size="small" onClick={() => downloadTextFile(fileName, text)}>
          Download codes
        </Button>
        {copied ? (
          <Text role="status" size="small">
            {copied === 'yes' ? 'Copied.' : 'Could not copy: select the codes and copy them, or download them.'}
          </Text>
        ) : null}
      </div>
    </section>
  );
});
