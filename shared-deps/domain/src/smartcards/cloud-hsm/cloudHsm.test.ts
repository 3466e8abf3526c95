import { CLOUD_HSM_MESSAGES, validateCloudHsmConfig } from './cloudHsm';

const full = { customer_sc_hardware: 'acme-cards', endpoint: 'https://hsm.example.com/auth', client_id: 'acme', client_secret: 'long enough secret' };

describe('validateCloudHsmConfig', () => {
  it('should accept a complete config and a partial patch', () => {
    expect(validateCloudHsmConfig(full, { complete: true })).toBeNull();
    expect(validateCloudHsmConfig({ customer_sc_hardware: 'acme-cards', client_id: 'other' }, { complete: false })).toBeNull();
  });

  it('should name the field of the first problem', () => {
    expect(validateCloudHsmConfig({ ...full, customer_sc_hardware: '../x' }, { complete: true })).toEqual({ field: 'customer_sc_hardware', message: CLOUD_HSM_MESSAGES.NAME });
    expect(validateCloudHsmConfig({ ...full, endpoint: 'http://hsm.example.com' }, { complete: true })?.field).toBe('endpoint');
    expect(validateCloudHsmConfig({ ...full, endpoint: 'https://user:pw@hsm.example.com' }, { complete: true })?.field).toBe('endpoint');
    expect(validateCloudHsmConfig({ ...full, endpoint: 'http://127.0.0.1:9000/auth' }, { complete: true })).toBeNull();
    expect(validateCloudHsmConfig({ customer_sc_hardware: 'a', endpoint: 'https://h' }, { complete: true })?.field).toBe('client_id');
    expect(validateCloudHsmConfig({ ...full, client_secret: 'short' }, { complete: true })?.field).toBe('client_secret');
    expect(validateCloudHsmConfig({ customer_sc_hardware: 'a', client_secret: 'short' }, { complete: false })?.field).toBe('client_secret');
  });
});
