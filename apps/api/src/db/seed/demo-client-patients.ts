import type { Seed } from './run-seeds.ts';
import { insertClientPatientIfNew } from '../../modules/patients/queries.ts';
import { patientSearchText } from '../../modules/patients/search-text.ts';

/** Patients the demo staff client (demo-laas) can pick on its 'Seleccionar paciente' step. */
const DEMO_LAAS_PATIENTS = [
  {
    firstName: 'Camila',
    secondName: 'Andrea',
    lastName: 'Rojas',
    secondLastName: 'Fuentes',
    dateOfBirth: '1988-03-14',
    gender: 'female',
    documentType: 'ci',
    documentNumber: '16.543.210-K',
    email: 'camila.rojas@example.cl',
    phone: '+56987654321',
  },
  {
    firstName: 'Ignacio',
    secondName: null,
    lastName: 'Vargas',
    secondLastName: 'Núñez',
    dateOfBirth: '1957-11-02',
    gender: 'male',
    documentType: 'ci',
    documentNumber: '10.987.654-2',
    email: 'ignacio.vargas@example.cl',
    phone: '+56912345678',
  },
  {
    firstName: 'Valentina',
    secondName: null,
    lastName: 'Araya',
    secondLastName: 'Contreras',
    dateOfBirth: '2015-07-21',
    gender: 'female',
    documentType: 'passport',
    documentNumber: 'PX9876543',
    email: 'familia.araya@example.cl',
    phone: '+56955554444',
  },
];

export const patientsDemoSeed: Seed = {
  name: 'demo-patients',
  run: async (db) => {
    for (const patient of DEMO_LAAS_PATIENTS) {
      await insertClientPatientIfNew(db, {
        clientId: 'demo-laas',
        ...patient,
        searchText: patientSearchText(patient),
      });
    }
  },
};
