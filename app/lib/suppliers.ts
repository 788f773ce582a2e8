// 'Petani Mitra' field limits, shared by the staff form and the server's schema.
export const SUPPLIER_LIMITS = { name: 100, phone: 20, village: 100, products: 1000 } as const;
