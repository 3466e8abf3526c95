export { AgentAddressSection } from './AgentAddressSection';
