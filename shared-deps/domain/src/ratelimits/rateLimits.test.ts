import { ALL_PERMISSIONS } from '../identity/permissions';
import { compareRuleSpecificity, endpointMatches, RATE_LIMIT_RULE_DEFAULTS, sameManagementLayers, validateRateLimitConfig, type RateLimitRule } from './rateLimits';

const rule = (fields: Partial<RateLimitRule>): RateLimitRule => ({ ...RATE_LIMIT_RULE_DEFAULTS, ...fields });

describe('rate-limit rules', () => {
  it("should default '*' for tenant, user, method and endpoint, -1 for rate, burst and maxDataBytes, 60 s (admin-console §9)", () => {
    const check = validateRateLimitConfig({ layerRules: [{ layer: 1, stage: 0, rules: [{}] }] });
    expect(check).toEqual({ ok: true, config: { layerRules: [{ layer: 1, stage: 0, rules: [{ tenantId: '*', userId: '*', method: '*', endpoint: '*', periodSeconds: 60, rate: -1, burst: -1, maxDataBytes: -1 }] }] } });
  });

  it('should name the rule and the field of the first problem', () => {
    const cases: [unknown, string, string][] = [
      [{ layerRules: [{ layer: 10, stage: 0, rules: [] }] }, 'layerRules[0]', 'layer'],
      [{ layerRules: [{ layer: 1, stage: 2, rules: [] }] }, 'layerRules[0]', 'stage'],
      [{ layerRules: [{ layer: 1, stage: 1, rules: [{ rate: 5 }, { rate: -2 }] }] }, 'layerRules[0].rules[1]', 'rate'],
      [{ layerRules: [{ layer: 1, stage: 1, rules: [{ method: 'FETCH' }] }] }, 'layerRules[0].rules[0]', 'method'],
      [{ layerRules: [{ layer: 1, stage: 1, rules: [{ endpoint: 'api2/*' }] }] }, 'layerRules[0].rules[0]', 'endpoint'],
      [{ layerRules: [{ layer: 1, stage: 1, rules: [{ endpoint: '/a*b' }] }] }, 'layerRules[0].rules[0]', 'endpoint'],
      [{ layerRules: [{ layer: 1, stage: 1, rules: [{ periodSeconds: -1 }] }] }, 'layerRules[0].rules[0]', 'periodSeconds'],
      [{ layerRules: [{ layer: 1, stage: 1, rules: [{ colour: 'red' }] }] }, 'layerRules[0].rules[0]', 'colour'],
      [{ layerRules: [{ layer: 0, stage: 1, rules: [{ tenantId: 'other' }] }] }, 'layerRules[0].rules[0]', 'tenantId'],
    ];
    for (const [input, path, field] of cases) {
      const check = validateRateLimitConfig(input, { ownTenantId: 'mine' });
      expect(check.ok).toBe(false);
      if (!check.ok) expect([check.problem.rule, check.problem.field]).toEqual([path, field]);
    }
  });

  it('should accept -1 and upper-case the method', () => {
    const check = validateRateLimitConfig({ layerRules: [{ layer: 0, stage: 1, rules: [{ tenantId: 'mine', method: 'post', rate: -1, endpoint: '/api2/IDM-v1/*' }] }] }, { ownTenantId: 'mine' });
    expect(check.ok && check.config.layerRules[0]!.rules[0]!.method).toBe('POST');
  });

  it('should rank exact tenant, then user, then method, then endpoint before wildcards', () => {
    const rules = [rule({}), rule({ endpoint: '/api2/*' }), rule({ endpoint: '/api2/x' }), rule({ method: 'GET' }), rule({ userId: 'u' }), rule({ tenantId: 't' })];
    const sorted = [...rules].sort(compareRuleSpecificity);
    expect(sorted.map((r) => [r.tenantId, r.userId, r.method, r.endpoint].join(' '))).toEqual(['t * * *', '* u * *', '* * GET *', '* * * /api2/x', '* * * /api2/*', '* * * *']);
  });

  it('should match endpoints exactly, by prefix, or all', () => {
    expect(endpointMatches('*', '/x')).toBe(true);
    expect(endpointMatches('/api2/*', '/api2/IDM-v1/Users')).toBe(true);
    expect(endpointMatches('/api2/x', '/api2/xy')).toBe(false);
  });

  it('should tell whether two configs hold the same management layers, whatever their tenant layers and empty groups', () => {
    const config = (layerRules: unknown[]) => {
      const check = validateRateLimitConfig({ layerRules });
      if (!check.ok) throw new Error(check.problem.message);
      return check.config;
    };
    const base = config([{ layer: 1, stage: 1, rules: [{ rate: 100 }, { endpoint: '/pki/*', rate: 5 }] }]);
    expect(sameManagementLayers(base, config([{ layer: 0, stage: 1, rules: [{ rate: 1 }] }, { layer: 1, stage: 1, rules: [{ rate: 100 }, { endpoint: '/pki/*', rate: 5 }] }, { layer: 2, stage: 0, rules: [] }]))).toBe(true);
    expect(sameManagementLayers(base, config([{ layer: 1, stage: 1, rules: [{ rate: 101 }, { endpoint: '/pki/*', rate: 5 }] }]))).toBe(false);
    expect(sameManagementLayers(base, config([{ layer: 1, stage: 1, rules: [{ endpoint: '/pki/*', rate: 5 }, { rate: 100 }] }]))).toBe(false);
    expect(sameManagementLayers(base, config([{ layer: 1, stage: 0, rules: [{ rate: 100 }, { endpoint: '/pki/*', rate: 5 }] }]))).toBe(false);
    expect(sameManagementLayers(base, config([]))).toBe(false);
  });

  it('should list the editing permission among all permissions', () => {
    expect(ALL_PERMISSIONS).toContain('rateLimitEdit');
  });
});
