import type { PartnerTerms } from '@visita/domain/partner-profile';

/**
 * The demo partners' terms and conditions, as each would publish them: a Mexican laboratory's
 * general terms, a Chilean clinic's home lab and vaccination terms, and a benefits fund's flu
 * vaccine promotion. Figures are the ones the product must show.
 */
export const DEMO_TERMS: Readonly<Record<string, PartnerTerms>> = {
  laboratoriochopo: {
    title: 'Términos y condiciones del servicio a domicilio',
    intro:
      'Estos términos regulan la toma de muestras a domicilio que Laboratorio Chopo presta a través de este sitio en la Ciudad de México.',
    sections: [
      {
        heading: 'Alcance del servicio',
        paragraphs: [
          'Un profesional de la salud acude al domicilio indicado dentro del horario elegido para tomar las muestras de los estudios contratados.',
        ],
        items: [
          'El servicio se presta solo en las alcaldías y municipios con cobertura que el sitio muestra al ingresar la dirección.',
          'La persona atendida debe seguir las indicaciones de ayuno y preparación de cada estudio.',
        ],
      },
      {
        heading: 'Precios y pagos',
        paragraphs: [
          'Los precios se expresan en pesos mexicanos e incluyen IVA. El pago se realiza en línea con tarjeta o en el domicilio, según la opción elegida al agendar.',
        ],
        items: [],
      },
      {
        heading: 'Cambios y cancelaciones',
        paragraphs: [
          'Puedes cambiar o cancelar tu cita sin costo hasta 24 horas antes del horario agendado, desde el enlace del correo de confirmación.',
        ],
        items: [],
      },
      {
        heading: 'Resultados',
        paragraphs: [
          'Los resultados se envían al correo electrónico de la persona atendida en el plazo indicado para cada estudio.',
        ],
        items: [],
      },
      {
        heading: 'Datos personales',
        paragraphs: [
          'Tratamos tus datos personales y de salud conforme a la Ley Federal de Protección de Datos Personales en Posesión de los Particulares, solo para prestar el servicio y entregarte tus resultados. Puedes ejercer tus derechos de acceso, rectificación, cancelación y oposición escribiendo a nuestro equipo de atención.',
        ],
        items: [],
      },
    ],
  },
  clinicaalemana: {
    title: 'Términos y condiciones: toma de muestras y vacunación a domicilio',
    intro:
      'Condiciones del servicio de laboratorio y vacunación a domicilio de Clínica Alemana para las reservas hechas en este sitio.',
    sections: [
      {
        heading: 'Cobertura',
        paragraphs: [],
        items: [
          'Toma de muestras: Vitacura, Providencia, Lo Barnechea, Las Condes y Chicureo.',
          'Vacunación: además, Ñuñoa, La Reina y Huechuraba.',
        ],
      },
      {
        heading: 'Valores',
        paragraphs: [
          'El valor de los exámenes se calcula en el domicilio según tu previsión. Además se cobra:',
        ],
        items: [
          'Servicio a domicilio: $11.000.',
          'Toma de muestra con catéter: recargo de $15.000 por paciente.',
          'Retiro de muestras de orina o deposiciones: $7.000 por visita.',
          'Vacuna: dosis 1 y 2 a $122.570 cada una; la dosis 3 no tiene costo.',
        ],
      },
      {
        heading: 'Cancelaciones',
        paragraphs: [
          'Si cancelas con menos de 24 horas de anticipación, el servicio a domicilio se cobra igualmente.',
        ],
        items: [],
      },
      {
        heading: 'Órdenes médicas y documentos',
        paragraphs: [],
        items: [
          'La orden médica se sube en formato PDF o JPG, de hasta 15 MB.',
          'Los documentos que se soliciten deben enviarse dentro de 48 horas.',
        ],
      },
      {
        heading: 'Transferencias',
        paragraphs: ['Las transferencias se reciben de lunes a viernes de 08:00 a 14:00.'],
        items: [],
      },
    ],
  },
  cajalosandes: {
    title: 'Bases de la promoción: vacuna contra la influenza a domicilio',
    intro: 'Promoción para las personas afiliadas a Caja Los Andes y sus cargas, válida mientras haya stock.',
    sections: [
      {
        heading: 'Precio',
        paragraphs: ['Cada vacuna cuesta $6.990, más el servicio a domicilio.'],
        items: [],
      },
      {
        heading: 'Condiciones',
        paragraphs: [],
        items: [
          'Máximo 2 vacunas por cita.',
          'Una vacuna por persona durante la campaña.',
          'El primer paciente de la cita debe ser una persona afiliada.',
        ],
      },
      {
        heading: 'Cambios de hora',
        paragraphs: [
          'Puedes reagendar sin costo hasta 24 horas antes de la visita; después, el cambio tiene un costo de $3.000.',
        ],
        items: [],
      },
      {
        heading: 'Stock',
        paragraphs: ['La promoción dispone de 1.000 vacunas (1.000 dosis) y termina al agotarse.'],
        items: [],
      },
    ],
  },
};
