import { describe, expect, it } from 'vitest';
import { searchHits } from './GlobalSearchAutocomplete';

describe('global search', () => {
  it('lists tickets first, then matching messages, then customers, each with the page it opens', () => {
    const hits = searchHits(
      {
        casos: [
          { id: 7, numero: 1007, estado: 1, campana: 'Ventas', created_at: '2026-11-22T00:00:00Z', asignado: 'Ana' },
        ],
        clientes: [{ id: 3, nombre_completo: 'Lucía Ramírez', tipo_documento_abreviatura: 'CC', nro_documento: '123' }],
        mensajes: [
          {
            id: 90,
            casoId: 8,
            numero: 1008,
            estado: 0,
            campana: 'Servicio',
            direccion: 0,
            remitente: 'Lucía',
            fragmento: '…la cafetera llegó rota…',
            fecha: '2026-11-22T00:00:00Z',
          },
        ],
      },
      (status) => `S${status}`,
    );
    expect(hits.map((hit) => [hit.group, hit.label, hit.detail, hit.path])).toEqual([
      ['tickets', '#1007 · Ventas', 'S1 · Ana', '/app/tickets/7/view'],
      ['messages', '#1008 · Servicio', '…la cafetera llegó rota…', '/app/tickets/8/view'],
      ['customers', 'Lucía Ramírez', 'CC 123', '/app/customers/3/view'],
    ]);
  });
});
