export const bookingApi = { path: '/crm/api/request/get' };
