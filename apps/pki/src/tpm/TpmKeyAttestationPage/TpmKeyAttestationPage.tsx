import { Text } from '@primer/react';
import { PageLayout } from '@tessera/ui';

/**
 * `/pki/tpm-key-attestation` [autoEnrollTemplateRules] (admin-console §2.2; issue 17): what Tessera does and
 * does not do with TPM key attestation, said plainly.
 */
export function TpmKeyAttestationPage() {
  return (
    <PageLayout title="TPM key attestation">
      <Text as="p" style={{ marginTop: 0 }}>
        TPM key attestation is not supported yet. Tessera does not verify TPM attestation statements (TPM2 quotes, certify info, endorsement key certificates) and has no
        device-attest-01 challenge (draft-acme-device-attest) in its ACME server.
      </Text>
      <section aria-label="Supported">
        <h2>What is supported</h2>
        <ul>
          <li>SCEP (RFC 8894) enrolment per template at /pki/scep/&#123;templateId&#125;, with one-time challenge passwords or Intune challenge tokens.</li>
          <li>EST (RFC 7030) enrolment per template at /.well-known/est/&#123;templateId&#125;/ on the HTTPS listener, with a client certificate or a one-time challenge.</li>
          <li>Proof of possession of the key through the CSR's signature, for every protocol.</li>
        </ul>
      </section>
      <section aria-label="Not supported">
        <h2>What is not supported</h2>
        <ul>
          <li>Checking that a key was generated in, and cannot leave, a TPM (no attestation statement is read or verified).</li>
          <li>device-attest-01 (ACME device attestation) with TPM or Apple attestation.</li>
          <li>Trust lists of TPM manufacturers' endorsement key roots.</li>
        </ul>
      </section>
    </PageLayout>
  );
}
