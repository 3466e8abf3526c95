import type { Device, Subnet } from '@tessera/domain';

/** A device for tests. */
export function testDevice(over: Partial<Device> = {}): Device {
  return { id: 'd-1', hostname: 'printer-1', serialNumber: 'SN1', deviceType: 'Printer', description: '', ipAddress: '10.0.0.5', macAddress: '', subnetId: 's-1', createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z', ...over };
}

/** A subnet for tests. */
export function testSubnet(over: Partial<Subnet> = {}): Subnet {
  return { id: 's-1', cidr: '10.0.0.0/24', name: 'Office', description: '', network: '10.0.0.0', last: '10.0.0.255', size: 256, used: 1, createdAt: '2026-01-01T00:00:00.000Z', ...over };
}
